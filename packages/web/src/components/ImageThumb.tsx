import { imagePath } from '@loyalty/contracts';
import { Image as Picture } from 'antd';
import { useTranslation } from 'react-i18next';
import { atApiBase } from '../api/client.ts';

/**
 * A thumbnail of an uploaded image (lists, previews). Apart from ImageUpload so that the lists
 * showing thumbnails do not download the upload field (issue 24).
 */
export function ImageThumb({ id, size = 40 }: { id: string | null | undefined; size?: number }) {
  const { t } = useTranslation();
  if (!id) return null;
  return (
    <Picture
      src={atApiBase(imagePath(id))}
      width={size * 1.5}
      height={size}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      // The thumbnail is a button that opens the preview: its text is what it does.
      alt={t('image.preview')}
    />
  );
}
