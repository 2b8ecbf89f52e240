// The planner's names for a block's kinds and for the changes its history lists, in the
// language of the screen.
import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { BlockKind } from './block-form'
import type { HistoryEntry } from './calendar-api'

const KIND_WORDS: Record<BlockKind, MessageDescriptor> = {
  regular: msg`Regular block`,
  review: msg`Review block`,
  makeupDays: msg`Make-up days`,
  extraMaterial: msg`Extra material`,
}

export function kindWords(i18n: I18n): Record<BlockKind, string> {
  return {
    regular: i18n._(KIND_WORDS.regular),
    review: i18n._(KIND_WORDS.review),
    makeupDays: i18n._(KIND_WORDS.makeupDays),
    extraMaterial: i18n._(KIND_WORDS.extraMaterial),
  }
}

const ACTION_WORDS: Record<HistoryEntry['action'], MessageDescriptor> = {
  create: msg`Block planned`,
  update: msg`Block changed`,
  delete: msg`Block removed`,
  programme: msg`Programme changed`,
  undo: msg`Change undone`,
}

export function actionWords(i18n: I18n, action: HistoryEntry['action']): string {
  return i18n._(ACTION_WORDS[action])
}
