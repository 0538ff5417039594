import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { nextStatusChoice, STATUS_CHOICES, type StatusChoice } from './search-state.ts';

/** All / registered / filed / expired / unknown; All and the others exclude each other. */
export function StatusFilter({
  value,
  onChange,
}: {
  value: readonly StatusChoice[];
  onChange: (next: StatusChoice[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset aria-label={t('trademarkSearch.status.label')} style={{ border: 0, margin: 0, padding: 0 }}>
      <Checkbox.Group<StatusChoice>
        value={[...value]}
        options={STATUS_CHOICES.map((choice) => ({
          value: choice,
          label: t(`trademarkSearch.status.${choice}`),
        }))}
        onChange={(next) => onChange(nextStatusChoice(value, next))}
      />
    </fieldset>
  );
}
