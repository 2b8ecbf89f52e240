import { describe, expect, it } from 'vitest'
import { ConfigError, DEVELOPMENT_SECRET, loadConfig } from './config'

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('loadConfig', () => {
  it('runs a fresh clone with no variables: 127.0.0.1:8080, ./data, the embedded store', () => {
    expect(loadConfig({})).toMatchObject({
      env: 'development',
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      mongodbUri: undefined,
      dbName: 'lfit',
      dbNames: ['lfit'],
      demo: false,
      sessionSecret: DEVELOPMENT_SECRET,
      cookieSecure: false,
      trustProxy: false,
      allowedOrigins: [],
    })
  })

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '3000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lfit',
      MONGODB_URI: 'mongodb://db:27017',
      DB_NAME: 'main',
      DB_NAMES: 'archive, test_2025',
      DEMO: '1',
      SESSION_SECRET: 'x'.repeat(40),
      TRUST_PROXY: 'true',
      ALLOWED_ORIGINS: 'http://localhost:5173/',
    })
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      mongodbUri: 'mongodb://db:27017',
      dbNames: ['main', 'archive', 'test_2025'],
      demo: true,
      cookieSecure: true,
      trustProxy: true,
      allowedOrigins: ['http://localhost:5173'],
    })
    expect(loadConfig({ COOKIE_SECURE: '1' }).cookieSecure).toBe(true)
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'y'.repeat(32), COOKIE_SECURE: '0' })
        .cookieSecure,
    ).toBe(false)
  })

  it('refuses to start in production with the default or a short secret', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'SESSION_SECRET: set a secret of your own in production (the default is public)',
    ])
    expect(problemsOf({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toEqual([
      'SESSION_SECRET: use at least 32 characters in production',
    ])
  })

  it('names every bad variable in one message', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      MONGODB_URI: 'postgres://x',
      DB_NAMES: 'ok,bad name',
      DEMO: 'maybe',
    })
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'PORT',
      'MONGODB_URI',
      'DB_NAMES.1',
      'DEMO',
    ])
    expect(() => loadConfig({ PORT: '-1' })).toThrow(/invalid configuration:\n {2}- PORT/)
  })

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', MONGODB_URI: '' })).toMatchObject({
      port: 8080,
      mongodbUri: undefined,
    })
  })
})
