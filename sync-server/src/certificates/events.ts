// Certificates of attendance at events the programme organised (docs/product-rules.md#certificates):
// the event days people sign up for on /prijavaZaDan. An issuer confirms who came (from the
// sign-ups not cancelled), and each of them gets a certificate with the same verification as an
// attendance certificate, e-mailed as a link to the public verification page in the language of
// their sign-up. A day still to come has no attendees yet.
import { groupSignupsByDay } from '@lfit/domain/lists/signups'
import {
  CERTIFICATES,
  verifyLink,
  verifyPageAt,
  type Certificate,
} from '@lfit/domain/certificates/record'
import type { IneligibleReason } from '@lfit/domain/certificates/eligibility'
import type { Lang } from '@lfit/domain/messages/bilingual'
import {
  SIGNUP_COLLECTIONS,
  storedSignupSchema,
  type StoredSignup,
} from '@lfit/domain/records/signups'
import { schedule } from '@lfit/domain/schedule'
import { composeMail } from '../mail/compose'
import type { Mailer } from '../mail/outbox'
import { dayText } from '../mail/signups'
import type { Store } from '../store/port'
import { storedCertificates, type CertificateBook, type IssueResult } from './book'

const MAX_ROWS = 10_000

export interface EventDay {
  dayId: string
  dayStr: string
  past: boolean
  /** Sign-ups not cancelled, in the order they arrived. */
  signups: Pick<StoredSignup, '_id' | 'name' | 'email' | 'status' | 'language'>[]
  certificates: Certificate[]
}

export class EventCertificates {
  constructor(
    private readonly deps: {
      stores: () => Promise<Store>
      book: CertificateBook
      mailer: Mailer
      clock: () => number
      publicUrl: string
    },
  ) {}

  /** Every event day with sign-ups, with the certificates issued for it. */
  async days(): Promise<EventDay[]> {
    const store = await this.deps.stores()
    const [signupDocs, certificateDocs] = await Promise.all([
      store.collection(SIGNUP_COLLECTIONS.signup).find({}, { limit: MAX_ROWS }),
      store.collection(CERTIFICATES).find({ 'scope.kind': 'event' }, { limit: MAX_ROWS }),
    ])
    const signups = signupDocs.flatMap((doc) => {
      const parsed = storedSignupSchema.safeParse(doc)
      return parsed.success && parsed.data.status !== 'cancelled' ? [parsed.data] : []
    })
    const certificates = storedCertificates(certificateDocs)
    const from = schedule()
    return groupSignupsByDay(signups, this.deps.clock(), from).map((group) => ({
      dayId: group.dayId,
      dayStr: from.dayById.get(group.dayId)?.dayStr ?? '',
      past: group.past,
      signups: group.signups.map(({ _id, name, email, status, language }) => ({
        _id,
        name,
        email,
        status,
        language,
      })),
      certificates: certificates.filter(
        (c) => c.scope.kind === 'event' && c.scope.dayId === group.dayId,
      ),
    }))
  }

  /** Issues to the confirmed attendees of one day and e-mails each their link. */
  async issue(
    dayId: string,
    title: string,
    attendees: readonly string[],
    issuer: string,
  ): Promise<IssueResult> {
    const day = (await this.days()).find((d) => d.dayId === dayId)
    const result: IssueResult = { issued: [], refused: [] }
    const store = await this.deps.stores()
    for (const signupId of new Set(attendees)) {
      const signup = day?.signups.find((s) => s._id === signupId)
      if (!day || !signup) continue
      const reasons: IneligibleReason[] = []
      if (!day.past) reasons.push('notFinished')
      if (day.certificates.some((c) => c.person === signup.email && c.status === 'valid')) {
        reasons.push('alreadyCertified')
      }
      if (reasons.length > 0) {
        result.refused.push({ person: signup.email, name: signup.name, reasons })
        continue
      }
      const certificate = await this.deps.book.store(store, {
        person: signup.email,
        name: signup.name,
        scope: { kind: 'event', dayId, title },
        figures: {
          studyDays: 1,
          attended: 1,
          missed: 0,
          madeUp: 0,
          late: 0,
          from: day.dayStr,
          to: day.dayStr,
        },
        languages: ['sl', 'en'],
        issuedBy: issuer,
      })
      if (!certificate) {
        result.refused.push({
          person: signup.email,
          name: signup.name,
          reasons: ['alreadyCertified'],
        })
        continue
      }
      day.certificates.push(certificate)
      result.issued.push(certificate)
      await this.deps.mailer.send(this.mail(certificate, signup.language))
    }
    return result
  }

  private mail(certificate: Certificate, language: Lang) {
    const url = verifyLink(verifyPageAt(this.deps.publicUrl), certificate.code)
    const title = certificate.scope.kind === 'event' ? certificate.scope.title : ''
    const dayId = certificate.scope.kind === 'event' ? certificate.scope.dayId : ''
    return composeMail('eventCertificate', certificate.person, language, {
      sl: {
        subject: `LFIT: potrdilo o udeležbi – ${title}`,
        paragraphs: [
          `Pozdravljeni, ${certificate.name}!`,
          `Izdali smo vam potrdilo o udeležbi na dogodku »${title}« (${dayText(dayId, 'sl')}).`,
          `Koda potrdila: ${certificate.code}. Na spodnji povezavi ga odprete, natisnete ali shranite kot PDF; z isto kodo lahko kdorkoli preveri, da je pristno.`,
        ],
        link: { label: 'Odpri potrdilo', url },
      },
      en: {
        subject: `LFIT: certificate of attendance – ${title}`,
        paragraphs: [
          `Hello ${certificate.name},`,
          `We have issued you a certificate of attendance at “${title}” (${dayText(dayId, 'en')}).`,
          `Certificate code: ${certificate.code}. Open it at the link below to print it or save it as a PDF; anyone can check with the same code that it is genuine.`,
        ],
        link: { label: 'Open the certificate', url },
      },
    })
  }
}
