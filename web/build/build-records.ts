// The build's own records for running apps: builds/latest.json names the deployed build (a running
// app polls it and reloads on the next navigation when it changed), builds/meta/{id}.json holds
// that build's route rules (the domain route table as shipped).
import type { Plugin } from 'vite'
import type { BuildInfo } from '../../domain/src/api/calls'
import { ROUTES } from '../../domain/src/access/routes'

export function newBuildInfo(id: string | undefined, now = Date.now()): BuildInfo {
  return { id: id && /^[\w.-]{1,64}$/.test(id) ? id : now.toString(36), timestamp: now }
}

export interface BuildMeta extends BuildInfo {
  routes: { path: string; kind: string; roles: readonly string[] | null; layout: string }[]
}

export function buildMeta(build: BuildInfo): BuildMeta {
  return {
    ...build,
    routes: ROUTES.map(({ path, kind, roles, layout }) => ({ path, kind, roles, layout })),
  }
}

export function buildRecordsPlugin(build: BuildInfo): Plugin {
  return {
    name: 'lfit-build-records',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: `builds/meta/${build.id}.json`,
        source: JSON.stringify(buildMeta(build)),
      })
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: JSON.stringify(build),
      })
    },
  }
}
