// /gradiva's content: my material by year and segment, newest first, what is new since my last
// visit marked, each segment with "Keep offline" for all its files. A make-up day's link opens it
// on one segment (`?year=..&segment=..`), with a way back to everything.
import { recordingFiles } from '@lfit/domain/media/recording'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { MaterialRecord } from '@lfit/domain/materials/material'
import {
  filterMaterials,
  groupByYearAndSegment,
  newSinceLastVisit,
  type MaterialGroup,
} from '@lfit/domain/materials/lists'
import { KeepOffline, type OfflineActions } from './KeepOffline'
import { MaterialCard } from './MaterialCard'
import { yearAndSegment } from './words'

export interface MyMaterialSearch {
  year?: number
  segment?: number
}

export function MyMaterialView({
  materials,
  seenAtLastVisit,
  search,
  words,
  onWords,
  copies,
  onShowAll,
}: {
  materials: readonly MaterialRecord[]
  seenAtLastVisit: readonly string[] | null
  search: MyMaterialSearch
  /** The words searched for. */
  words: string
  onWords: (words: string) => void
  copies: OfflineActions
  /** Leaves a narrowed list (one year or segment) for all my material. */
  onShowAll: () => void
}) {
  const { t, i18n } = useLingui()
  const fresh = newSinceLastVisit(materials, seenAtLastVisit)
  const narrowed = search.year !== undefined || search.segment !== undefined
  const groups = groupByYearAndSegment(filterMaterials(materials, { ...search, search: words }))
  const freshCount = fresh.size
  const anyMaterial = materials.some((m) => !m.deleted)
  return (
    <>
      {freshCount > 0 && (
        <p className="alert alert-info" data-new-count={freshCount}>
          <Plural
            value={freshCount}
            one="# new material since your last visit"
            other="# new materials since your last visit"
          />
        </p>
      )}
      {narrowed && (
        <p>
          <button type="button" className="btn btn-text back-link" onClick={onShowAll}>
            <Trans>Show all my material</Trans>
          </button>
        </p>
      )}
      {anyMaterial && (
        <input
          type="search"
          name="search"
          className="input list-search"
          value={words}
          onChange={(e) => onWords(e.target.value)}
          placeholder={t`Search the material`}
          aria-label={t`Search the material`}
        />
      )}
      {groups.map((group) => (
        <Group
          key={`${group.year}:${group.segment ?? ''}`}
          group={group}
          fresh={fresh}
          copies={copies}
          heading={yearAndSegment(i18n, group.year, group.segment)}
        />
      ))}
      {groups.length === 0 && (
        <p data-empty>
          {!anyMaterial ? (
            <Trans>
              No material for you on this device yet. It appears here when your educators add it
              (after the next sync).
            </Trans>
          ) : words.trim() ? (
            <Trans>No material matches the search.</Trans>
          ) : (
            <Trans>No material for this segment yet.</Trans>
          )}
        </p>
      )}
    </>
  )
}

function Group({
  group,
  fresh,
  copies,
  heading,
}: {
  group: MaterialGroup
  fresh: ReadonlySet<string>
  copies: OfflineActions
  heading: string
}) {
  const key = `segment:${group.year}:${group.segment ?? ''}`
  return (
    <section
      className="material-group"
      data-year={group.year}
      data-segment={group.segment ?? 'year'}
    >
      <div className="material-group-head">
        <h2>{heading}</h2>
        <KeepOffline
          id={key}
          files={group.materials.flatMap(recordingFiles)}
          copies={copies}
          label={heading}
        />
      </div>
      {group.materials.map((material) => (
        <MaterialCard
          key={material._id}
          material={material}
          isNew={fresh.has(material._id)}
          copies={copies}
        />
      ))}
    </section>
  )
}
