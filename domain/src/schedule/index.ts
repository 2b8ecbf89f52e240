// The schedule feature's public surface, for web and sync-server.
export * from './programme'
export * from './time'
export * from './dataSchema'
export { SCHEDULE_DATA } from './data'
export * from './days'
export * from './blocks'
export * from './selection'
