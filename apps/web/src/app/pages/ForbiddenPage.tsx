import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A logged-in user opened a page their role may not see. */
export default function ForbiddenPage({ homePath }: { homePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('errors.forbidden.title')}
      subTitle={t('errors.forbidden.subTitle')}
      extra={
        <Button type="primary" onClick={() => void navigate(homePath)}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
