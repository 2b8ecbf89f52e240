// The media data of a recording in the material editor (/mediji, /gradivaSeznam): its length, its
// subtitles per language (a .vtt file picked, or typed in and checked as WebVTT) and its chapters
// (a time and a title in both languages). Shown for material of kind video or audio.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  CHAPTER_TITLE_MAX_LENGTH,
  SUBTITLE_LANGUAGES,
  type Chapter,
  type MaterialRecord,
  type SubtitleLanguage,
} from '@lfit/domain/materials/material'
import { formatPlayTime, parsePlayTime, sortedChapters } from '@lfit/domain/media/recording'
import { parseWebVtt } from '@lfit/domain/media/webvtt'
import { useCallErrorText } from '../auth/messages'
import { readingLanguage } from '../materials/MaterialCard'
import { TextField } from '../ui/fields'
import { subtitlesFileName, subtitlesText, uploadSubtitles } from './subtitles-upload'
import { languageName } from './media-words'

type Change = (patch: Partial<MaterialRecord>) => void

export function RecordingFields({
  draft,
  change,
  onUploading,
}: {
  draft: MaterialRecord
  change: Change
  onUploading: (busy: boolean) => void
}) {
  const { t } = useLingui()
  const [durationText, setDurationText] = useState(
    draft.durationSec > 0 ? formatPlayTime(draft.durationSec) : '',
  )
  const durationBad = durationText.trim() !== '' && parsePlayTime(durationText) === null
  return (
    <fieldset className="field recording-fields">
      <legend>
        <Trans>Recording</Trans>
      </legend>
      <TextField
        label={t`Length (minutes:seconds)`}
        name="duration"
        inputMode="numeric"
        placeholder="45:00"
        value={durationText}
        error={durationBad ? t`Write the length as minutes:seconds, e.g. 45:00.` : undefined}
        onChange={(event) => {
          setDurationText(event.target.value)
          const seconds = parsePlayTime(event.target.value)
          change({ durationSec: event.target.value.trim() === '' ? 0 : (seconds ?? 0) })
        }}
      />
      {SUBTITLE_LANGUAGES.map((lang) => (
        <SubtitlesField
          key={lang}
          lang={lang}
          draft={draft}
          change={change}
          onUploading={onUploading}
        />
      ))}
      <ChaptersField chapters={draft.chapters} onChange={(chapters) => change({ chapters })} />
    </fieldset>
  )
}

function SubtitlesField({
  lang,
  draft,
  change,
  onUploading,
}: {
  lang: SubtitleLanguage
  draft: MaterialRecord
  change: Change
  onUploading: (busy: boolean) => void
}) {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const current = draft.subtitles.find((ref) => ref.lang === lang)
  const [text, setText] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const language = languageName(i18n, lang)
  const others = draft.subtitles.filter((ref) => ref.lang !== lang)

  const save = async (vtt: string) => {
    const check = parseWebVtt(vtt)
    if (!check.ok)
      return setError(i18n.locale.startsWith('sl') ? check.message.sl : check.message.en)
    setError(null)
    setBusy(true)
    onUploading(true)
    try {
      const name = subtitlesFileName(draft, readingLanguage(i18n.locale), lang)
      const ref = await uploadSubtitles(vtt, lang, name)
      change({ subtitles: [...draft.subtitles.filter((s) => s.lang !== lang), ref] })
      setText(null)
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
      onUploading(false)
    }
  }

  const edit = async () => {
    if (!current) return setText('WEBVTT\n\n00:00.000 --> 00:04.000\n')
    try {
      setText(await subtitlesText(current))
    } catch (failure) {
      setError(errorText(failure))
    }
  }

  return (
    <div className="field subtitles-field" data-subtitles={lang}>
      <span className="field-label">{t`Subtitles (${language})`}</span>
      {current ? (
        <p>
          {current.name}{' '}
          <button
            type="button"
            className="btn btn-small"
            onClick={() => change({ subtitles: others })}
          >
            <Trans>Remove</Trans>
          </button>
        </p>
      ) : (
        <p className="muted">
          <Trans>None yet.</Trans>
        </p>
      )}
      {text === null ? (
        <div className="button-row">
          <label className="btn edit-file-pick">
            {t`Upload ${language} subtitles (.vtt)…`}
            <input
              type="file"
              accept=".vtt,text/vtt"
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0]
                event.target.value = ''
                if (file) void file.text().then(save)
              }}
            />
          </label>
          <button type="button" className="btn" disabled={busy} onClick={() => void edit()}>
            {current ? t`Edit ${language} subtitles as text` : t`Write ${language} subtitles`}
          </button>
        </div>
      ) : (
        <>
          <textarea
            className="subtitles-text"
            aria-label={t`Subtitles (${language}) in WebVTT`}
            rows={10}
            spellCheck={false}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <div className="button-row">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void save(text)}
            >
              <Trans>Use these subtitles</Trans>
            </button>
            <button type="button" className="btn" onClick={() => setText(null)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </>
      )}
      {busy && (
        <span role="status" className="muted">
          <Trans>Uploading the subtitles…</Trans>
        </span>
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  )
}

function ChaptersField({
  chapters,
  onChange,
}: {
  chapters: readonly Chapter[]
  onChange: (chapters: Chapter[]) => void
}) {
  const { t } = useLingui()
  // Times as typed: a half-written time is kept until it reads as one.
  const [times, setTimes] = useState(() => chapters.map((chapter) => formatPlayTime(chapter.at)))
  const set = (index: number, patch: Partial<Chapter>) =>
    onChange(chapters.map((chapter, i) => (i === index ? { ...chapter, ...patch } : chapter)))
  return (
    <fieldset className="field chapters-field">
      <legend>
        <Trans>Chapters</Trans>
      </legend>
      {chapters.length === 0 && (
        <p className="muted">
          <Trans>No chapters yet.</Trans>
        </p>
      )}
      <ol className="chapter-rows">
        {chapters.map((chapter, index) => {
          const time = times[index] ?? formatPlayTime(chapter.at)
          const bad = parsePlayTime(time) === null
          const n = index + 1
          return (
            <li key={index} className="chapter-row" data-chapter={index}>
              <TextField
                label={t`Starts at (minutes:seconds)`}
                name={`chapter-${index}-at`}
                inputMode="numeric"
                value={time}
                error={bad ? t`Write the time as minutes:seconds, e.g. 12:30.` : undefined}
                onChange={(event) => {
                  const value = event.target.value
                  setTimes((all) => all.map((old, i) => (i === index ? value : old)))
                  const seconds = parsePlayTime(value)
                  if (seconds !== null) set(index, { at: seconds })
                }}
              />
              <TextField
                label={t`Title in Slovenian`}
                name={`chapter-${index}-sl`}
                lang="sl"
                maxLength={CHAPTER_TITLE_MAX_LENGTH}
                value={chapter.titleSl}
                onChange={(event) => set(index, { titleSl: event.target.value })}
              />
              <TextField
                label={t`Title in English`}
                name={`chapter-${index}-en`}
                lang="en"
                maxLength={CHAPTER_TITLE_MAX_LENGTH}
                value={chapter.titleEn}
                onChange={(event) => set(index, { titleEn: event.target.value })}
              />
              <button
                type="button"
                className="btn btn-small"
                aria-label={t`Remove chapter ${n}`}
                onClick={() => {
                  setTimes((all) => all.filter((_, i) => i !== index))
                  onChange(chapters.filter((_, i) => i !== index))
                }}
              >
                <Trans>Remove</Trans>
              </button>
            </li>
          )
        })}
      </ol>
      <div className="button-row">
        <button
          type="button"
          className="btn"
          onClick={() => {
            const last = sortedChapters(chapters).at(-1)?.at ?? -60
            const at = last + 60
            setTimes((all) => [...all, formatPlayTime(at)])
            onChange([...chapters, { at, titleSl: '', titleEn: '' }])
          }}
        >
          <Trans>Add a chapter</Trans>
        </button>
      </div>
    </fieldset>
  )
}
