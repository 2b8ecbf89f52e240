// Vitest global setup for the sync-server project: every test that needs MongoDB gets one URI
// through inject('mongoUri'). MONGODB_URI wins (CI with a real MongoDB); otherwise a
// MongoDB-compatible server is started here and stopped after the run.
// Brings vitest's own declarations into scope so the augmentation below merges with them.
import type {} from 'vitest'
import type { TestProject } from 'vitest/node'
import { startMongoCompatible } from './mongo-compatible/server'

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string
    /** Which server answers at mongoUri: tests name and assert the compatible server's known gaps. */
    mongoServer: 'external' | 'mongo-java-server'
  }
}

export default async function setup(project: TestProject) {
  const given = process.env.MONGODB_URI
  if (given) {
    project.provide('mongoUri', given)
    project.provide('mongoServer', 'external')
    return
  }
  const server = await startMongoCompatible()
  project.provide('mongoUri', server.uri)
  project.provide('mongoServer', 'mongo-java-server')
  return () => server.stop()
}
