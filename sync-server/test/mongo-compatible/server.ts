// Starts a MongoDB-compatible server (mongo-java-server, in memory) so the MongoDB adapter is
// tested over the real wire protocol on machines with no MongoDB server. Its jars come from
// Maven Central and the launcher is compiled once per version of pom.xml/MongoCompatible.java
// into a cache dir outside the repo, so later runs only pay the JVM start (about a second).
// Unit tests, e2e and bench all reuse this.
//
// Why not FerretDB 1.x (the first choice, docs/0002-mongodb-compatible-test-server.md): it builds and starts here, but fails the
// store contract on basics: concurrent $inc loses updates, unique-index violations on update
// come back as InternalError, $pull with a condition does nothing, no $lookup or $concat.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { homedir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MongoClient } from 'mongodb'

export interface MongoCompatible {
  uri: string
  stop(): Promise<void>
}

const sourceDir = dirname(fileURLToPath(import.meta.url))
const sourceFiles = ['pom.xml', 'MongoCompatible.java']
// A small heap and quick JIT: the server holds a few test databases and lives for one run.
const jvmArgs = ['-Xmx256m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1']
const startTimeoutMs = 30_000

export async function startMongoCompatible(): Promise<MongoCompatible> {
  const built = ensureBuilt()
  const classpath = [join(built, 'classes'), join(built, 'lib', '*')].join(delimiter)
  // Own process group, so stop() reaches the whole JVM.
  const child = spawn(tool('java'), [...jvmArgs, '-cp', classpath, 'MongoCompatible'], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const stderr = tail(child)
  try {
    const uri = await listeningUri(child, stderr)
    await waitForPing(uri)
    return { uri, stop: () => stop(child) }
  } catch (error) {
    await stop(child)
    throw error
  }
}

/** Fetches the jars and compiles the launcher once; answers the cache dir. */
function ensureBuilt(): string {
  const hash = createHash('sha256')
  for (const file of sourceFiles) hash.update(readFileSync(join(sourceDir, file)))
  const cacheRoot = process.env.XDG_CACHE_HOME || join(homedir(), '.cache')
  const dir = join(cacheRoot, 'lfit', `mongo-java-server-${hash.digest('hex').slice(0, 16)}`)
  if (existsSync(join(dir, 'classes', 'MongoCompatible.class'))) return dir

  // Build beside the target and rename: a parallel run never sees a half-built one.
  const partial = `${dir}.${process.pid}.tmp`
  rmSync(partial, { recursive: true, force: true })
  mkdirSync(partial, { recursive: true })
  const started = Date.now()
  run(tool('mvn'), [
    '-q',
    '-B',
    '-f',
    join(sourceDir, 'pom.xml'),
    'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies',
    `-DoutputDirectory=${join(partial, 'lib')}`,
  ])
  run(tool('javac'), [
    '--release',
    '17',
    '-cp',
    join(partial, 'lib', '*'),
    '-d',
    join(partial, 'classes'),
    join(sourceDir, 'MongoCompatible.java'),
  ])
  try {
    renameSync(partial, dir)
  } catch (error) {
    // Another run finished the same build first; theirs is as good as ours.
    rmSync(partial, { recursive: true, force: true })
    if (!existsSync(dir)) throw error
  }
  console.log(
    `built the MongoDB-compatible test server in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  )
  return dir
}

function tool(name: 'java' | 'javac' | 'mvn'): string {
  const home = name === 'mvn' ? undefined : process.env.JAVA_HOME
  const candidate = home ? join(home, 'bin', name) : name
  if (spawnSync(candidate, ['-version'], { stdio: 'ignore' }).status === 0) return candidate
  throw new Error(
    `${name} was not found. The MongoDB-compatible test server (mongo-java-server) needs ` +
      'Java 17 or newer (java, javac) and Maven (mvn), e.g. `apt-get install ' +
      'openjdk-17-jdk-headless maven`. Or set MONGODB_URI to a running MongoDB server.',
  )
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: 'utf8' })
  if (result.status !== 0) {
    throw new Error(
      `building the MongoDB-compatible test server failed: ${command} ${args.join(' ')}\n` +
        `${result.stdout}${result.stderr}${result.error ?? ''}`,
    )
  }
}

/** Keeps the last few KB of stderr for error messages, and drains the pipe so it never blocks. */
function tail(child: ChildProcess): () => string {
  let text = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    text = (text + chunk).slice(-4000)
  })
  return () => text
}

function listeningUri(child: ChildProcess, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(
      () => fail(`did not report a listening address in ${startTimeoutMs / 1000} s`),
      startTimeoutMs,
    )
    function fail(why: string) {
      clearTimeout(timer)
      reject(new Error(`MongoDB-compatible test server ${why}\n${stderr()}`))
    }
    child.once('error', (error) => fail(`could not start: ${error.message}`))
    child.once('exit', (code, signal) => fail(`exited early (${code ?? signal})`))
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const match = /^LISTENING (\S+)$/m.exec(out)
      if (match?.[1]) {
        clearTimeout(timer)
        child.removeAllListeners('exit')
        resolve(match[1])
      }
    })
  })
}

async function waitForPing(uri: string): Promise<void> {
  const deadline = Date.now() + startTimeoutMs
  for (;;) {
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 2_000 })
    try {
      await client.db('admin').command({ ping: 1 })
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((r) => setTimeout(r, 200))
    } finally {
      await client.close()
    }
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    signalGroup(child.pid, 'SIGTERM')
    const timer = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal)
  } catch {
    // Already gone.
  }
}
