// The fields of one material: titles and descriptions in both languages, its kind (an icon
// choice), files or a web address, where it belongs (years, segments, a day, projects), the
// educators it comes from and who sees it.
import { useLingui } from '@lingui/react/macro'
import {
  MATERIAL_KINDS,
  MATERIAL_VISIBILITIES,
  TITLE_MAX_LENGTH,
  type MaterialKind,
  type MaterialRecord,
  type MaterialVisibility,
} from '@lfit/domain/materials/material'
import { KNOWN_SEGMENTS, YEARS } from '@lfit/domain/schedule/programme'
import { PROJECTS } from '@lfit/domain/users/user'
import {
  BilingualRichTextField,
  BilingualTextField,
  IconField,
  RadioField,
  WordsField,
} from '../../editing/fields'
import { uploadScope } from '../../editing/pending-uploads'
import { UploadField, type UploadsState } from '../../editing/UploadField'
import { isRecording, recordingKindOf } from '@lfit/domain/media/recording'
import { RecordingFields } from '../../media/RecordingFields'
import { DayField } from '../../ui/DayField'
import { CheckboxGroup, TextField } from '../../ui/fields'
import type { MaterialField, MaterialProblem } from './material-draft'
import { KindIcon } from './kind-icons'
import { kindName, problemText, segmentWord, visibilityName } from './material-words'

/** What the file picker offers for each kind (the server checks the bytes whatever is picked). */
const ACCEPT: Record<MaterialKind, string | undefined> = {
  document: '.pdf,.doc,.docx,.odt,.epub',
  // A recording is sound or picture: its kind follows the file (recordingKindOf).
  audio: 'audio/*,video/*',
  video: 'video/*,audio/*',
  link: undefined,
}

const numbers = (values: readonly string[]) => values.map(Number)

export function MaterialForm({
  draft,
  change,
  problems,
  educatorNames,
  onUploading,
  onUploads,
}: {
  draft: MaterialRecord
  change: (patch: Partial<MaterialRecord>) => void
  problems: Partial<Record<MaterialField, MaterialProblem>>
  /** Educators named on other material, offered while typing. */
  educatorNames: readonly string[]
  /** Whether a subtitles file is on its way. */
  onUploading: (busy: boolean) => void
  /** The files' uploads: under way, and which are unfinished. */
  onUploads: (state: UploadsState) => void
}) {
  const { t, i18n } = useLingui()
  const problem = (field: MaterialField) => problemText(i18n, problems[field])
  return (
    <>
      <BilingualTextField
        label={t`Title`}
        name="title"
        sl={draft.titleSl}
        en={draft.titleEn}
        maxLength={TITLE_MAX_LENGTH}
        error={problem('title')}
        onChange={({ sl, en }) => change({ titleSl: sl, titleEn: en })}
      />
      <IconField
        label={t`Kind`}
        name="kind"
        value={draft.kind}
        options={MATERIAL_KINDS.map((kind) => ({
          value: kind,
          label: kindName(i18n, kind),
          icon: <KindIcon kind={kind} />,
        }))}
        onChange={(kind) => change({ kind: kind as MaterialKind })}
      />
      {draft.kind === 'link' ? (
        <TextField
          label={t`Web address`}
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={draft.url}
          error={problem('url')}
          onChange={(event) => change({ url: event.target.value })}
        />
      ) : (
        <UploadField
          label={t`Files`}
          files={draft.files}
          accept={ACCEPT[draft.kind]}
          scope={uploadScope('materials', draft._id)}
          onState={onUploads}
          onChange={(files) => change({ files, kind: recordingKindOf(draft.kind, files) })}
        />
      )}
      {isRecording(draft) && (
        <RecordingFields draft={draft} change={change} onUploading={onUploading} />
      )}
      <CheckboxGroup
        label={t`Years`}
        values={draft.years.map(String)}
        options={YEARS.map((year) => ({ value: String(year), label: t`Year ${year}` }))}
        error={problem('years')}
        onChange={(years) => change({ years: numbers(years) })}
      />
      <CheckboxGroup
        label={t`Segments (none: the whole year)`}
        values={draft.segments.map(String)}
        options={KNOWN_SEGMENTS.map((segment) => ({
          value: String(segment),
          label: segmentWord(i18n, segment),
        }))}
        error={problem('segments')}
        onChange={(segments) => change({ segments: numbers(segments) })}
      />
      <DayField
        label={t`Study day (optional)`}
        name="day"
        value={draft.day}
        onChange={(day) => change({ day })}
      />
      <CheckboxGroup
        label={t`Projects`}
        values={draft.projects}
        options={PROJECTS.map((project) => ({ value: project, label: project }))}
        onChange={(projects) => change({ projects })}
      />
      <WordsField
        label={t`Educators`}
        name="educators"
        values={draft.educators}
        suggestions={educatorNames}
        help={t`Names separated by commas, as on the users' restricted-material lists.`}
        error={problem('educators')}
        onChange={(educators) => change({ educators })}
      />
      <RadioField
        label={t`Who sees it`}
        name="visibility"
        value={draft.visibility}
        options={MATERIAL_VISIBILITIES.map((visibility) => ({
          value: visibility,
          label: visibilityName(i18n, visibility),
        }))}
        onChange={(visibility) => change({ visibility: visibility as MaterialVisibility })}
      />
      <BilingualRichTextField
        label={t`Description`}
        sl={draft.descriptionSl}
        en={draft.descriptionEn}
        onChange={({ sl, en }) => change({ descriptionSl: sl, descriptionEn: en })}
      />
    </>
  )
}
