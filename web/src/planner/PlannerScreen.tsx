// /urejanjeUrnika (admin, calendarEditor): the programme's calendar planned in the app. The blocks
// by programme year, each changed or removed here, a new one planned, the programme's venue, and
// the history of changes with an undo for each (docs/0049-devices-follow-the-calendar.md). Every
// change goes to the server, which refuses one that removes days holding recorded work until the
// editor decides what happens to it (RecordedWorkDialog). A desk screen: blocks and history side
// by side at 1440 px, one above the other below 1280 px.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { BlockDataInput, BlockRecord, ProgrammeRecord } from '@lfit/domain/schedule'
import { useScreenRead } from '../app/screen-reads'
import { ApiError } from '../api/client'
import { useCallErrorText } from '../auth/messages'
import { useReadAgain } from '../ui/ServerRead'
import { BlockFormDialog } from './BlockFormDialog'
import { BlocksOfYear } from './BlocksOfYear'
import {
  createBlock,
  deleteBlock,
  recordedWorkOf,
  setProgrammeVenue,
  undoChange,
  updateBlock,
  type Decision,
} from './calendar-api'
import { HistoryPanel } from './HistoryPanel'
import { RecordedWorkDialog, type RecordedWork } from './RecordedWorkDialog'
import { RemoveBlockDialog } from './RemoveBlockDialog'
import './planner.css'

type Send = (decision?: Decision) => Promise<void>

export function PlannerScreen() {
  const { t } = useLingui()
  const errorText = useCallErrorText()
  const readAgain = useReadAgain()
  const { records, history } = useScreenRead('/urejanjeurnika')
  const blocks = records
    .filter((record): record is BlockRecord => record.kind === 'block' && !record.deleted)
    .toSorted((a, b) => a.from.localeCompare(b.from))
  const venue =
    records.find((record): record is ProgrammeRecord => record.kind === 'programme')?.venue ?? ''
  const years = [...new Set(blocks.map((block) => block.year))].sort((a, b) => a - b)

  const [form, setForm] = useState<{ editing: BlockRecord | null } | null>(null)
  const [removing, setRemoving] = useState<BlockRecord | null>(null)
  const [waiting, setWaiting] = useState<{ send: Send; done: string; work: RecordedWork } | null>(
    null,
  )
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState('')
  const [done, setDone] = useState('')
  const [venueText, setVenueText] = useState(venue)

  /** Sends a change; a refusal for recorded work waits for the editor's decision. */
  const run = async (send: Send, doneWords: string, decision?: Decision) => {
    setBusy(true)
    setFailure('')
    setDone('')
    try {
      await send(decision)
      setForm(null)
      setRemoving(null)
      setWaiting(null)
      setDone(doneWords)
      await readAgain()
    } catch (error) {
      const days = recordedWorkOf(error)
      if (days && !decision) {
        const message = error instanceof ApiError ? error.bilingual : null
        setWaiting({ send, done: doneWords, work: { days, message } })
      } else {
        setFailure(errorText(error))
      }
    } finally {
      setBusy(false)
    }
  }

  const save = (block: BlockDataInput) => {
    const editing = form?.editing
    void (editing
      ? run((decision) => updateBlock(editing._id, block, decision), t`The block is saved.`)
      : run(() => createBlock(block), t`The block is planned.`))
  }
  const remove = (block: BlockRecord) =>
    void run((decision) => deleteBlock(block._id, decision), t`The block is removed.`)
  const undo = (id: string) =>
    void run((decision) => undoChange(id, decision), t`The change is undone.`)
  const closeAll = () => {
    setForm(null)
    setRemoving(null)
    setWaiting(null)
    setFailure('')
  }
  const dialogOpen = form !== null || removing !== null || waiting !== null

  return (
    <section className="planner">
      <h1>
        <Trans>Edit the timetable</Trans>
      </h1>
      <div className="planner-toolbar">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setFailure('')
            setForm({ editing: null })
          }}
        >
          <Trans>New block</Trans>
        </button>
        <form
          className="planner-venue"
          onSubmit={(event) => {
            event.preventDefault()
            void run(() => setProgrammeVenue(venueText.trim()), t`The programme's venue is saved.`)
          }}
        >
          <label htmlFor="planner-venue">
            <Trans>Programme venue</Trans>
          </label>
          <input
            id="planner-venue"
            className="input"
            name="programmeVenue"
            value={venueText}
            onChange={(event) => setVenueText(event.target.value)}
          />
          <button
            type="submit"
            className="btn btn-secondary"
            disabled={busy || venueText.trim() === venue}
          >
            <Trans>Save the venue</Trans>
          </button>
        </form>
      </div>
      <p className="planner-status" role="status">
        {done}
      </p>
      {failure && !dialogOpen && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
      <div className="planner-columns">
        <div className="planner-blocks">
          {years.map((year) => (
            <BlocksOfYear
              key={year}
              year={year}
              blocks={blocks.filter((block) => block.year === year)}
              onEdit={(block) => {
                setFailure('')
                setForm({ editing: block })
              }}
              onRemove={(block) => {
                setFailure('')
                setRemoving(block)
              }}
            />
          ))}
        </div>
        <HistoryPanel history={history} busy={busy} onUndo={undo} />
      </div>
      {form && (
        <BlockFormDialog
          editing={form.editing}
          calendar={{ venue, blocks }}
          busy={busy}
          failure={waiting ? '' : failure}
          onSave={save}
          onClose={closeAll}
        />
      )}
      {removing && (
        <RemoveBlockDialog
          block={removing}
          busy={busy}
          failure={waiting ? '' : failure}
          onRemove={() => remove(removing)}
          onClose={closeAll}
        />
      )}
      {waiting && (
        <RecordedWorkDialog
          work={waiting.work}
          busy={busy}
          failure={failure}
          onDecide={(decision) => void run(waiting.send, waiting.done, decision)}
          onClose={() => {
            setWaiting(null)
            setFailure('')
          }}
        />
      )}
    </section>
  )
}
