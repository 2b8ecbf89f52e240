// /urnik in the router: the search part of the URL (validated by the view model's schema) is the
// timetable's state, so a chosen year, segment and view can be shared as a link.
import { useLocation, useNavigate } from '@tanstack/react-router'
import { TimetableScreen } from './TimetableScreen'
import { timetableSearchSchema, type TimetableSearch } from './view-model'

export default function TimetableRoute() {
  const searchStr = useLocation({ select: (location) => location.searchStr })
  const navigate = useNavigate()
  const search = timetableSearchSchema.parse(Object.fromEntries(new URLSearchParams(searchStr)))
  const onSearch = (next: TimetableSearch) => {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(next)) {
      if (value !== undefined) params.set(key, String(value))
    }
    const query = params.toString()
    void navigate({ href: `/urnik${query ? `?${query}` : ''}`, replace: true })
  }
  return <TimetableScreen search={search} onSearch={onSearch} />
}
