// The schedule feature's public surface (see schedule/index.ts).
export * from './schedule/index'
