// Kill soak (issue 9, docs/0006): the kill test's scenario at length. The real server on an
// embedded store is killed with SIGKILL mid-push 50 times and restarted on the same directory
// while writers retry unanswered batches and cursor pullers pull. Prints what was lost,
// duplicated and left stale (all should be 0), the edits pushed, the time taken and the load
// average. KILL_SOAK_KILLS sets the number of kills. Prints figures; the exit code says whether
// the invariants held.
import { loadavg } from 'node:os'
import { runKillScenario } from '../sync-server/test/kill-run'

const kills = Number(process.env.KILL_SOAK_KILLS ?? 50)
if (!Number.isSafeInteger(kills) || kills < 1) throw new Error('KILL_SOAK_KILLS: a whole number')

const report = await runKillScenario({
  kills,
  writers: 4,
  pullers: 3,
  batchSize: 100,
  minBatches: 10,
  staleMs: 1_000,
  timeLimitMs: 30 * 60_000,
  log: (line) => console.log(`  ${line}`),
})
const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(' ')
console.log(
  [
    `kills: ${report.kills} (restarts ${report.restarts})`,
    `edits pushed: ${report.editsPushed}, acknowledged: ${report.acknowledged}`,
    `pushes: ${report.pushes}, unanswered (server down or killed): ${report.unanswered}`,
    `lost: ${report.lost}`,
    `duplicated: ${report.duplicated}`,
    `stale pullers: ${report.stalePullers}`,
    `change log: ${report.pendingLeft} pending left, ${report.gaps} gaps`,
    `time: ${report.seconds.toFixed(1)} s`,
    `load average (1, 5, 15 min): ${load}`,
    ...report.problems.map((problem) => `problem: ${problem}`),
  ].join('\n'),
)
const held =
  report.lost === 0 &&
  report.duplicated === 0 &&
  report.stalePullers === 0 &&
  report.acknowledged === report.editsPushed &&
  report.problems.length === 0
process.exitCode = held ? 0 : 1
