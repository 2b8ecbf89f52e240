// /gradiva: my material, from this device's copy (it opens offline). The year and segment in the
// URL narrow it (a make-up day links to its segment's material).
import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { useLocation, useNavigate } from '@tanstack/react-router'
import { z } from 'zod'
import { useOffline } from '../offline/context'
import { useLastVisit, useMaterials } from './hooks'
import { MyMaterialView } from './MyMaterialView'
import { OfflinePanel } from './OfflinePanel'
import { useOfflineCopies } from './use-offline-copies'
import './materials.css'

/** The URL's search part is a boundary: anything malformed is left out. */
export const myMaterialSearchSchema = z.object({
  year: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  segment: z.coerce.number().int().min(1).max(99).optional().catch(undefined),
})

export function MyMaterialScreen() {
  const { db, user } = useOffline()
  const searchStr = useLocation({ select: (location) => location.searchStr })
  const navigate = useNavigate()
  const search = myMaterialSearchSchema.parse(Object.fromEntries(new URLSearchParams(searchStr)))
  const materials = useMaterials(db)
  const seen = useLastVisit(db, user?.username, materials)
  const copies = useOfflineCopies()
  const [words, setWords] = useState('')
  return (
    <div className="materials-page">
      <h1>
        <Trans>My material</Trans>
      </h1>
      {materials === undefined || seen === undefined ? (
        <p aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <>
          <MyMaterialView
            materials={materials}
            seenAtLastVisit={seen}
            search={search}
            words={words}
            onWords={setWords}
            copies={copies}
            onShowAll={() => void navigate({ href: '/gradiva' })}
          />
          <OfflinePanel materials={materials} copies={copies} />
        </>
      )}
    </div>
  )
}
