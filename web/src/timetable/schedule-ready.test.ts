import { describe, expect, it } from 'vitest'
import { findRoute } from '@lfit/domain/access/routes'
import { schedule } from '@lfit/domain/schedule'
import { prepareSchedule, showsSchedule } from './schedule-ready'

describe('the schedule made ready before the first screen', () => {
  it('is made for the home page and the timetable, which derive it as they render', () => {
    const shows = (path: string) => {
      const route = findRoute(path)
      if (!route) throw new Error(`no route ${path}`)
      return showsSchedule(route)
    }
    expect(shows('/')).toBe(true)
    expect(shows('/urnik')).toBe(true)
    expect(shows('/nadomescanje')).toBe(false)
    expect(shows('/auth/login')).toBe(false)
  })

  it('leaves the schedule derived, the one every screen then reads', async () => {
    await prepareSchedule()
    expect(schedule().days.length).toBeGreaterThan(0)
    expect(schedule()).toBe(schedule())
  })
})
