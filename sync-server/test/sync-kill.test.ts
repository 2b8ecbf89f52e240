// Issue 9 end to end (docs/0006): the real server killed with SIGKILL mid-push a few times and
// restarted on the same data directory, while writers retry unanswered batches and cursor pullers
// pull throughout. Nothing answered may be lost or doubled, and every puller must end with the
// server's records. bench/kill-soak.ts runs the same scenario with 50 kills.
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'
import { runKillScenario } from './kill-run'

describe('a server killed mid-push and restarted', () => {
  it(
    'loses nothing, doubles nothing and leaves every cursor puller current',
    { timeout: 90_000 },
    async () => {
      const report = await runKillScenario({
        kills: 3,
        writers: 3,
        pullers: 2,
        batchSize: 60,
        minBatches: 3,
        staleMs: 1_000,
        timeLimitMs: 75_000,
      })
      expect(report.problems).toEqual([])
      expect(report.kills).toBe(3)
      expect(report.restarts).toBe(3)
      // Every pushed edit was answered in the end, and the kills cost some pushes their answer.
      expect(report.acknowledged).toBe(report.editsPushed)
      expect(report.unanswered).toBeGreaterThan(0)
      expect(report).toMatchObject({
        lost: 0,
        duplicated: 0,
        stalePullers: 0,
        pendingLeft: 0,
        gaps: 0,
      })
    },
  )

  it('takes the stale limit from SYNC_STALE_PENDING_MS, at least one second', () => {
    expect(loadConfig({}).syncStalePendingMs).toBe(30_000)
    expect(loadConfig({ SYNC_STALE_PENDING_MS: '1500' }).syncStalePendingMs).toBe(1_500)
    expect(() => loadConfig({ SYNC_STALE_PENDING_MS: '999' })).toThrow(ConfigError)
    expect(() => loadConfig({ SYNC_STALE_PENDING_MS: 'soon' })).toThrow(/SYNC_STALE_PENDING_MS/)
  })
})
