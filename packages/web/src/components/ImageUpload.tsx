import { UploadOutlined } from '@ant-design/icons';
import { type Image, imageContentTypes, MAX_IMAGE_BYTES } from '@loyalty/contracts';
import { Button, Flex, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { apiSend } from '../api/typed.ts';
import { useToast } from '../state/useToast.ts';
import { ImageThumb } from './ImageThumb.tsx';
import { Typography } from './Typography.tsx';

const accepted: readonly string[] = imageContentTypes;

/**
 * A form field holding an image id: uploads the chosen file (`POST /api/admin/images`, checked
 * again and re-encoded by the server) and shows it. Type and size are checked here first so the
 * user hears at once; the server decides.
 */
export function ImageUpload({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string | null;
  onChange?: (imageId: string) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    const refusal = !accepted.includes(file.type)
      ? 'UNSUPPORTED_MEDIA_TYPE'
      : file.size > MAX_IMAGE_BYTES
        ? 'PAYLOAD_TOO_LARGE'
        : undefined;
    if (refusal) {
      toast.error(t('image.uploadFailed'), t(`error.${refusal}`));
      return;
    }
    const body = new FormData();
    body.append('file', file);
    setUploading(true);
    try {
      const image: Image = await apiSend('post', '/api/admin/images', { body });
      onChange?.(image.id);
    } catch (e) {
      toast.error(t('image.uploadFailed'), e instanceof ApiError ? t(`error.${e.code}`) : undefined);
    } finally {
      setUploading(false);
    }
  }

  return (
    <Flex gap={12} align="center" wrap>
      <ImageThumb id={value} size={64} />
      <Upload
        accept={imageContentTypes.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button id={id} icon={<UploadOutlined />} loading={uploading}>
          {t(value ? 'image.replace' : 'image.upload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t('image.hint')}</Typography.Text>
    </Flex>
  );
}
