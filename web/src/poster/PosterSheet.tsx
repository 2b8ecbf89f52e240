// The poster itself (docs/product-rules.md#poster): one sheet with the year's blocks, their dates
// and hours, trainers, the venue, the contact page and a QR code to the timetable, every word in
// Slovenian and English. Dates use the app's one formatter in each language, so no date reads
// two ways.
import type { Bilingual } from '@lfit/domain/messages/bilingual'
import type { HoursRun, Poster, PosterBlock } from '@lfit/domain/poster/poster'
import { formatDayRange, formatDayShort } from '../i18n/date-format'
import { blockName, POSTER_WORDS, yearTitle } from './poster-words'
import { QrCode } from '../qr/QrCode'

const SITE = 'Ljubljana LFIT'

function Both({ words, separator = ' / ' }: { words: Bilingual; separator?: string }) {
  if (words.sl === words.en) return <span>{words.sl}</span>
  return (
    <>
      <span lang="sl">{words.sl}</span>
      {separator}
      <span lang="en" className="poster-en">
        {words.en}
      </span>
    </>
  )
}

const shortRange = (locale: string, from: string, to: string) =>
  from === to
    ? formatDayShort(locale, from)
    : `${formatDayShort(locale, from)}–${formatDayShort(locale, to)}`

function HoursLine({ run }: { run: HoursRun }) {
  const [from, to] = run.kind === 'free' ? [run.day, run.day] : [run.from, run.to]
  const days = { sl: shortRange('sl', from, to), en: shortRange('en', from, to) }
  return (
    <li>
      <Both words={days} />{' '}
      {run.kind === 'free' ? (
        <Both words={POSTER_WORDS.free} />
      ) : (
        <strong>
          {run.fromHour}–{run.toHour}
        </strong>
      )}
    </li>
  )
}

function BlockRow({ entry }: { entry: PosterBlock }) {
  const { block, hours } = entry
  return (
    <tr data-block={block.block_id}>
      <th scope="row">
        <Both words={blockName(block)} separator=" · " />
      </th>
      <td>
        <span lang="sl" className="poster-dates">
          {formatDayRange('sl', block.from, block.to)}
        </span>
        <span lang="en" className="poster-dates poster-en">
          {formatDayRange('en', block.from, block.to)}
        </span>
      </td>
      <td>
        <ul className="poster-hours">
          {hours.map((run) => (
            <HoursLine key={run.kind === 'free' ? run.day : run.from} run={run} />
          ))}
        </ul>
      </td>
      <td>{block.trainer || '—'}</td>
    </tr>
  )
}

export function PosterSheet({
  poster,
  origin,
  timetable,
}: {
  poster: Poster
  origin: string
  /** The timetable's address the QR code opens. */
  timetable: string
}) {
  const { teachers } = poster
  return (
    <article className="poster-sheet" data-poster-year={poster.year}>
      <header className="poster-head">
        <p className="poster-site">{SITE}</p>
        <h2>
          <Both words={POSTER_WORDS.timetable} /> · <Both words={yearTitle(poster.year)} />
        </h2>
      </header>
      {poster.blocks.length === 0 ? (
        <p>
          <Both words={POSTER_WORDS.noBlocks} />
        </p>
      ) : (
        <table className="poster-table">
          <thead>
            <tr>
              <th scope="col">
                <Both words={POSTER_WORDS.segment} />
              </th>
              <th scope="col">
                <Both words={POSTER_WORDS.dates} />
              </th>
              <th scope="col">
                <Both words={POSTER_WORDS.hours} />
              </th>
              <th scope="col">
                <Both words={POSTER_WORDS.trainer} />
              </th>
            </tr>
          </thead>
          <tbody>
            {poster.blocks.map((entry) => (
              <BlockRow key={entry.block.block_id} entry={entry} />
            ))}
          </tbody>
        </table>
      )}
      <footer className="poster-foot">
        <dl className="poster-facts">
          {teachers.trainers.length > 0 && (
            <div>
              <dt>
                <Both words={POSTER_WORDS.trainers} />
              </dt>
              <dd data-poster="trainers">{teachers.trainers.join(', ')}</dd>
            </div>
          )}
          {teachers.assistants.length > 0 && (
            <div>
              <dt>
                <Both words={POSTER_WORDS.assistants} />
              </dt>
              <dd data-poster="assistants">{teachers.assistants.join(', ')}</dd>
            </div>
          )}
          <div>
            <dt>
              <Both words={POSTER_WORDS.venue} />
            </dt>
            <dd data-poster="venue">{poster.venue}</dd>
          </div>
          <div>
            <dt>
              <Both words={POSTER_WORDS.contact} />
            </dt>
            <dd data-poster="contact">{`${origin}/kontakt`}</dd>
          </div>
        </dl>
        <figure className="poster-qr-box">
          <QrCode
            text={timetable}
            label={`${POSTER_WORDS.scan.sl} / ${POSTER_WORDS.scan.en}`}
            className="poster-qr"
          />
          <figcaption>
            <Both words={POSTER_WORDS.scan} />
            <span className="poster-url">{timetable}</span>
          </figcaption>
        </figure>
      </footer>
    </article>
  )
}
