// Runs before each e2e test file: the shared server's calendar becomes the test process's
// `schedule()`, so the days a test picks are days the server has (docs/0051-living-demo.md).
import { inject } from 'vitest'
import { followServerCalendar } from './study-days'

await followServerCalendar(inject('baseURL'))
