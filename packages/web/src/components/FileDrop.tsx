import { Upload } from 'antd';

/**
 * One file picked or dropped, kept in the browser (nothing is sent on choosing it): antd's drop
 * zone rather than the browser's file input, whose "Choose File" follows the browser's language,
 * not the page's. Shows the chosen file's name, or the prompt.
 */
export function FileDrop({
  id,
  accept,
  fileName,
  prompt,
  onFile,
}: {
  id?: string;
  accept: string;
  fileName?: string;
  prompt: string;
  onFile: (file: File) => void;
}) {
  return (
    <Upload.Dragger
      id={id}
      accept={accept}
      maxCount={1}
      showUploadList={false}
      beforeUpload={(file) => {
        onFile(file);
        return false;
      }}
    >
      {fileName ? (
        <span translate="no" dir="auto">
          {fileName}
        </span>
      ) : (
        prompt
      )}
    </Upload.Dragger>
  );
}
