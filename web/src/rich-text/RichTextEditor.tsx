// The rich-text editor of the material and content editors (TipTap on ProseMirror): paragraphs,
// two heading levels, bold, italic, lists, quotes and web links, which is what the server's
// allow-list keeps (sync-server/src/rich-text/sanitize.ts). It gives its HTML to `onChange`; the
// server sanitises it before anything is stored. Loaded on demand (LazyRichTextEditor.tsx).
import { useState, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { LinkBar } from './LinkBar'
import { cleanPastedHtml } from './paste'
import './rich-text.css'

export interface RichTextEditorProps {
  /** The starting HTML (read once, when the editor opens). */
  initialHtml?: string
  onChange: (html: string) => void
  /** The editor's accessible name. */
  label: string
}

/** A chain link (Material Icons "link", Apache 2.0): no emoji font is needed to show it. */
const LINK_ICON = (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" focusable="false">
    <path d="M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7c-2.76 0-5 2.24-5 5s2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1zM8 13h8v-2H8v2zm9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4c2.76 0 5-2.24 5-5s-2.24-5-5-5z" />
  </svg>
)

function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  })
}

/**
 * A button's name starts with the letters or digits it shows ("H2 Heading"), so that someone who
 * controls the page by voice can say what they see (WCAG 2.5.3, label in name).
 */
function spokenName(label: string, text: ReactNode): string {
  if (typeof text !== 'string') return label
  const shown = text.replace(/[^\p{L}\p{N}]/gu, '')
  return shown && !label.toLowerCase().includes(shown.toLowerCase()) ? `${text} ${label}` : label
}

function Toolbar({ editor, onLink }: { editor: Editor; onLink: () => void }) {
  const { t } = useLingui()
  const state = useToolbarState(editor)
  const run = () => editor.chain().focus()
  const toggles = [
    { label: t`Bold`, text: 'B', on: state.bold, act: () => run().toggleBold().run() },
    { label: t`Italic`, text: 'I', on: state.italic, act: () => run().toggleItalic().run() },
    {
      label: t`Heading`,
      text: 'H2',
      on: state.h2,
      act: () => run().toggleHeading({ level: 2 }).run(),
    },
    {
      label: t`Subheading`,
      text: 'H3',
      on: state.h3,
      act: () => run().toggleHeading({ level: 3 }).run(),
    },
    {
      label: t`Bulleted list`,
      text: '•',
      on: state.bullets,
      act: () => run().toggleBulletList().run(),
    },
    {
      label: t`Numbered list`,
      text: '1.',
      on: state.numbers,
      act: () => run().toggleOrderedList().run(),
    },
    { label: t`Quote`, text: '“', on: state.quote, act: () => run().toggleBlockquote().run() },
    { label: t`Link`, text: LINK_ICON, on: state.link, act: onLink },
  ]
  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label={t`Formatting`}>
      {toggles.map((toggle) => (
        <button
          key={toggle.label}
          type="button"
          className="btn btn-small"
          aria-pressed={toggle.on}
          aria-label={spokenName(toggle.label, toggle.text)}
          title={toggle.label}
          onClick={toggle.act}
        >
          <span aria-hidden="true">{toggle.text}</span>
        </button>
      ))}
      <button
        type="button"
        className="btn btn-small"
        aria-label={t`Undo`}
        title={t`Undo`}
        disabled={!state.canUndo}
        onClick={() => run().undo().run()}
      >
        <span aria-hidden="true">↶</span>
      </button>
      <button
        type="button"
        className="btn btn-small"
        aria-label={t`Redo`}
        title={t`Redo`}
        disabled={!state.canRedo}
        onClick={() => run().redo().run()}
      >
        <span aria-hidden="true">↷</span>
      </button>
    </div>
  )
}

export default function RichTextEditor({ initialHtml = '', onChange, label }: RichTextEditorProps) {
  const [linking, setLinking] = useState(false)
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        // Underline, code and horizontal rules are not offered: the toolbar stays short.
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          defaultProtocol: 'https',
        },
      }),
    ],
    content: initialHtml,
    // The page's CSP allows no inline styles: the editor's few rules are in rich-text.css.
    injectCSS: false,
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' },
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: ({ editor: changed }) => onChange(changed.getHTML()),
  })
  return (
    <div className="rich-text">
      <Toolbar editor={editor} onLink={() => setLinking(true)} />
      {linking && <LinkBar editor={editor} onClose={() => setLinking(false)} />}
      <EditorContent editor={editor} className="rich-text-content" />
    </div>
  )
}
