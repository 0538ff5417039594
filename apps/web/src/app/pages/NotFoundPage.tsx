import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homePathFor, PORTAL_HOME_PATH } from '../../components/routing/paths.ts';
import { useCurrentUser } from '../../components/session/current-user.ts';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const homePath = user ? homePathFor(user.role) : PORTAL_HOME_PATH;
  return (
    <Result
      status="404"
      title={t('errors.notFound.title')}
      subTitle={t('errors.notFound.subTitle')}
      extra={
        <Button type="primary" onClick={() => void navigate(homePath)}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
