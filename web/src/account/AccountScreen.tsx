// /mojRacun: the signed-in person's own account (docs/product-rules.md#my-account). Thin: it
// lays out the sections; each section is its own component. The router reads the profile, the
// enrolments and the certificates from the server (web/src/app/screen-reads.ts); a failure
// shows in its own section, so the sections on the device's synced data still show offline.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { hasRole } from '@lfit/domain/access/roles'
import type { OwnProfileAnswer } from '@lfit/domain/users/account'
import { useScreenRead } from '../app/screen-reads'
import { MyCertificates } from '../certificates/MyCertificates'
import { StandingSummary } from '../makeups/book/StandingSummary'
import { useSession } from '../session/session'
import { ReadFailed, useReadAgain, useReadState } from '../ui/ServerRead'
import { DeletionRequest, DownloadMyData, SignOutEverywhere } from './AccountActions'
import { MyAbsences } from './MyAbsences'
import { MyAttendance } from './MyAttendance'
import { MyEnrolments } from './MyEnrolments'
import { PrivacyChoices } from './PrivacyChoices'
import { ProfileForm } from './ProfileForm'
import './account.css'

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="card account-section" aria-labelledby={`${id}-title`} data-section={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  )
}

export function AccountScreen({ now = Date.now() }: { now?: number }) {
  const { t } = useLingui()
  const { user } = useSession()
  const { profile, certificates, enrolments } = useScreenRead('/mojracun')
  const [answer, setAnswer] = useReadState<OwnProfileAnswer | null>(
    profile.ok ? profile.value : null,
  )
  const readAgain = useReadAgain()
  const username = user?.username
  if (!user || !username) return null
  const participant = hasRole(user, 'participant')
  return (
    <div className="account-screen">
      <h1>
        <Trans>My account</Trans>
      </h1>
      <Section id="profile" title={t`My details`}>
        {answer ? (
          <ProfileForm key={username} profile={answer.profile} onSaved={setAnswer} />
        ) : (
          !profile.ok && <ReadFailed error={profile.error} onRetry={() => void readAgain()} />
        )}
      </Section>
      {answer && (
        <Section id="privacy" title={t`What my classmates see`}>
          <PrivacyChoices profile={answer.profile} onSaved={setAnswer} />
        </Section>
      )}
      <Section id="password" title={t`Password`}>
        <Link to="/auth/password" className="btn">
          <Trans>Change password</Trans>
        </Link>
      </Section>
      <Section id="enrolments" title={t`My enrolments`}>
        <MyEnrolments read={enrolments} />
      </Section>
      {participant && (
        <>
          <Section id="attendance" title={t`My attendance`}>
            <MyAttendance username={username} />
          </Section>
          <Section id="standing" title={t`Missed days and make-ups`}>
            <StandingSummary participant={username} signUpLink />
          </Section>
          <Section id="absences" title={t`My absences`}>
            <MyAbsences username={username} now={now} />
          </Section>
        </>
      )}
      <Section id="certificates" title={t`My certificates`}>
        <MyCertificates read={certificates} />
      </Section>
      <Section id="data" title={t`My data`}>
        <DownloadMyData />
      </Section>
      {answer && (
        <Section id="deletion" title={t`Delete my account`}>
          <DeletionRequest request={answer.deletionRequest} onSaved={setAnswer} />
        </Section>
      )}
      <Section id="sessions" title={t`Devices`}>
        <SignOutEverywhere />
      </Section>
    </div>
  )
}
