import { SafetyOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useSessionUser } from '../../../components/session/current-user.ts';
import { PasswordCard } from '../components/PasswordCard.tsx';
import { PhoneCard } from '../components/PhoneCard.tsx';
import { ProfileDetailsCard } from '../components/ProfileDetailsCard.tsx';
import { SessionsCard } from '../components/SessionsCard.tsx';

/** Where the two-factor enrolment page lives (issue 17 item 5, the user-admin side of the work). */
export const TWO_FACTOR_PATH = '/account/two-factor';

/** /profile, for every role: own details, mobile, password, second factor and sessions. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Flex vertical gap="large">
      <PageTitle title={t('accounts.profile.title')} description={t('accounts.profile.description')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Flex vertical gap="middle">
            <ProfileDetailsCard user={user} />
            <PhoneCard user={user} />
          </Flex>
        </Col>
        <Col xs={24} lg={12}>
          <Flex vertical gap="middle">
            <PasswordCard />
            <Card title={t('accounts.twoFactor.title')}>
              <Typography.Paragraph type="secondary">{t('accounts.twoFactor.text')}</Typography.Paragraph>
              <Link to={TWO_FACTOR_PATH}>
                <Button icon={<SafetyOutlined />}>{t('accounts.twoFactor.open')}</Button>
              </Link>
            </Card>
            <SessionsCard />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
