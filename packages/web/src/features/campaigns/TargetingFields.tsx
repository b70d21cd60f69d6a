import { Button, Col, Form, type FormInstance, Upload } from 'antd';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import type { convertedForm } from '../../components/convertedForm.ts';
import { formatPoints } from '../../components/format.tsx';
import { Input } from '../../components/Input.tsx';
import { fixedChoices } from '../../components/resource.ts';
import { useToast } from '../../state/useToast.ts';
import { criterionChoices, tierChoices } from './api.ts';

/** A form field's name and rules. */
type Item = ReturnType<typeof convertedForm>['item'];

/** Customer numbers from pasted text or an uploaded CSV: one per line or comma-separated, header skipped. */
export const parseCustomerList = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/u)
      .map((s) => s.trim().replace(/^"|"$/gu, ''))
      .filter((s) => s && !/^customer/iu.test(s)),
  ),
];

const dir = (l: 'En' | 'Ar') => (l === 'Ar' ? 'rtl' : 'ltr');

/** The English and Arabic names (required) and descriptions, side by side; labels `<area>.fields.*`. */
export function BilingualFields({ area, item }: { area: string; item: Item }) {
  const { t } = useTranslation();
  const languages = ['En', 'Ar'] as const;
  return (
    <>
      {languages.map((l) => (
        <Col xs={24} md={12} key={`name${l}`}>
          <Form.Item label={t(`${area}.fields.name${l}`)} required {...item(`name${l}`)}>
            <Input dir={dir(l)} />
          </Form.Item>
        </Col>
      ))}
      {languages.map((l) => (
        <Col xs={24} md={12} key={`description${l}`}>
          <Form.Item label={t(`${area}.fields.description${l}`)} {...item(`description${l}`)}>
            <Input.TextArea rows={2} dir={dir(l)} />
          </Form.Item>
        </Col>
      ))}
    </>
  );
}

interface AudienceProps {
  /** The labels' area (`campaigns`, `challenges`): `<area>.fields.*`, `<area>.form.*`, `<area>.segments.*`. */
  area: string;
  item: Item;
  form: FormInstance;
  /** The form's unsaved-changes flag: a loaded list is a change. */
  dirty: RefObject<boolean>;
  /** The most customer numbers the list may hold. */
  max: number;
}

/**
 * Who a campaign or a challenge reaches: tiers, segments, eligibility criteria and a list of
 * customer numbers, typed or loaded from a CSV file (none chosen: everyone).
 */
export function AudienceFields({ area, item, form, dirty, max }: AudienceProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const everyone = t(`${area}.form.everyone`);
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item label={t(`${area}.fields.tiers`)} {...item('tierIds')}>
          <ChoiceSelect options={tierChoices} mode="multiple" placeholder={everyone} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t(`${area}.fields.segments`)} {...item('segments')}>
          <ChoiceSelect
            options={fixedChoices(['RETAIL', 'BUSINESS'], `${area}.segments`)}
            mode="multiple"
            placeholder={everyone}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t(`${area}.fields.criteria`)} {...item('criterionIds')}>
          <ChoiceSelect options={criterionChoices} mode="multiple" placeholder={everyone} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item
          label={t(`${area}.fields.customerNumbers`)}
          extra={t(`${area}.form.customerListHelp`, { max: formatPoints(max) })}
          {...item('customerList')}
        >
          <Input.TextArea rows={3} dir="ltr" placeholder="C-100245, C-100246" />
        </Form.Item>
        <Upload
          accept=".csv,.txt"
          showUploadList={false}
          beforeUpload={async (file) => {
            const numbers = parseCustomerList(await file.text());
            form.setFieldValue('customerList', numbers.join('\n'));
            dirty.current = true;
            toast.success(t(`${area}.form.listLoaded`, { count: numbers.length }));
            return false;
          }}
        >
          <Button style={{ marginBottom: 16 }}>{t(`${area}.form.uploadList`)}</Button>
        </Upload>
      </Col>
    </>
  );
}
