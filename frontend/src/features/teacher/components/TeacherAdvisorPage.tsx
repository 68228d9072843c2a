import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import {
  useGetClassStudentsQuery,
  useGetPlacementClassQuery,
  useGetPlacementClassUsersQuery,
  useGetPlacementSigningStatusQuery,
  useGetSupervisorStudentsQuery,
} from '@/features/placement/api/placementApi';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { Page, Section } from '@/features/placement/components/Layout';
import { idParam, placementPaths } from '@/features/placement/paths';
import { mailtoHref } from '@/lib/url';
import { overview } from '../overview';
import { StudentsOverview } from './StudentsOverview';

/** `/teacher/class/:classId/advisor/:userId`: a supervisor of the class and the students they follow. */
export function TeacherAdvisorPage() {
  const intl = useIntl();
  const params = useParams();
  const classId = idParam(params.classId) ?? 0;
  const userId = idParam(params.userId) ?? 0;
  const skip = classId === 0 || userId === 0;
  const cls = useGetPlacementClassQuery(classId, { skip });
  const users = useGetPlacementClassUsersQuery(classId, { skip });
  const followed = useGetSupervisorStudentsQuery({ classId, userId }, { skip });
  const students = useGetClassStudentsQuery(classId, { skip });
  const signing = useGetPlacementSigningStatusQuery(classId, { skip });
  const back = { to: placementPaths.classPage('Teacher', classId), label: intl.formatMessage({ id: 'placement.back.class' }) };
  const advisor = users.data?.advisors.find((a) => a.id === userId) ?? null;
  const title = advisor?.displayName ?? intl.formatMessage({ id: 'teacher.advisor.title' });

  if (skip || (users.data && !advisor)) {
    return (
      <Page title={title} back={back}>
        <EmptyState>
          <FormattedMessage id="teacher.advisor.notFound" />
        </EmptyState>
      </Page>
    );
  }
  const loading = cls.isLoading || users.isLoading || followed.isLoading || students.isLoading;
  const error = cls.error ?? users.error ?? followed.error ?? students.error;
  const contact = students.data?.flatMap((s) => s.supervisors).find((s) => s.id === userId) ?? null;
  const mail = contact ? mailtoHref(contact.email) : null;
  const ids = new Set(followed.data?.map((s) => s.id) ?? []);
  const rows = (students.data ?? []).filter((row) => ids.has(row.id));

  return (
    <Page
      title={title}
      overline={
        cls.data
          ? intl.formatMessage(
              { id: 'teacher.advisor.overline' },
              { code: cls.data.subject.subjectCode, period: cls.data.period.name },
            )
          : undefined
      }
      back={back}
      wide
    >
      {loading ? (
        <Loading />
      ) : error || !cls.data ? (
        <LoadFailed
          error={error}
          message={intl.formatMessage({ id: 'teacher.advisor.loadFailed' })}
          retry={() => {
            void cls.refetch();
            void users.refetch();
            void followed.refetch();
            void students.refetch();
          }}
        />
      ) : (
        <>
          {contact ? (
            <Section title={intl.formatMessage({ id: 'teacher.advisor.contact' })}>
              <Stack spacing={0.5}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  {mail ? <Link href={mail}>{contact.email}</Link> : contact.email}
                </Typography>
                {contact.phoneNumber ? (
                  <Typography>
                    <Link href={`tel:${contact.phoneNumber.replace(/\s/g, '')}`}>{contact.phoneNumber}</Link>
                  </Typography>
                ) : null}
              </Stack>
            </Section>
          ) : null}
          <Section title={intl.formatMessage({ id: 'teacher.advisor.students' })}>
            {rows.length === 0 ? (
              <EmptyState>
                <FormattedMessage id="teacher.advisor.noStudents" />
              </EmptyState>
            ) : (
              <StudentsOverview
                classId={classId}
                students={overview(cls.data, rows, signing.data ?? [])}
                caption={intl.formatMessage({ id: 'teacher.advisor.caption' }, { name: title })}
              />
            )}
          </Section>
        </>
      )}
    </Page>
  );
}
