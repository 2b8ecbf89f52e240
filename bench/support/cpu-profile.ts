// A CPU profile of this process over part of a benchmark, for the `*_CPU_PROFILE=path` switches
// of the benches (opened by Chrome's DevTools): the profiler's own cost is in it, so only the
// shares say anything, not the figures of the runs it covered.
import { Session } from 'node:inspector'
import { writeFileSync } from 'node:fs'

export interface CpuProfile {
  /** Stops the profiler and writes what it sampled to `file`. */
  stop(file: string): Promise<void>
}

export async function startProfile(): Promise<CpuProfile> {
  const session = new Session()
  session.connect()
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    )
  await post('Profiler.enable')
  await post('Profiler.setSamplingInterval', { interval: 200 })
  await post('Profiler.start')
  return {
    async stop(file) {
      const { profile } = (await post('Profiler.stop')) as { profile: object }
      session.disconnect()
      writeFileSync(file, JSON.stringify(profile))
    },
  }
}
