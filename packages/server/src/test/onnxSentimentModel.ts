import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

/**
 * Writes a tiny sentiment classifier in the layout `NLP_MODEL_DIR` expects (Hugging Face export:
 * `onnx/model.onnx`, a BERT WordPiece `tokenizer.json`, `tokenizer_config.json`, `config.json`),
 * so tests run the real loader and the real ONNX Runtime without downloading a transformer. The
 * network is a bag of word embeddings summed under the attention mask, plus the token-type
 * embedding, then a bias: BERT's inputs and a `logits` output, a few hundred bytes of weights.
 */
export function writeOnnxSentimentModel(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nlp-model-'));
  const positive = ['great', 'excellent', 'thanks', 'happy', 'ممتازة', 'شكرا', 'رائع'];
  const negative = ['bad', 'terrible', 'problem', 'angry', 'سيء', 'مشكلة', 'غاضب'];
  const vocab = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', ...positive, ...negative, 'points', 'balance', 'the'];
  const special = vocab.slice(0, 4);
  const id = (token: string) => vocab.indexOf(token);

  // Classes: 0 negative, 1 neutral, 2 positive (config.json's id2label).
  const embedding = vocab.flatMap((w) =>
    positive.includes(w) ? [0, 0, 2] : negative.includes(w) ? [2, 0, 0] : [0, 0, 0],
  );
  const float = (name: string, dims: number[], floatData: number[]) => ({
    name,
    dims,
    dataType: onnx.TensorProto.DataType.FLOAT,
    floatData,
  });
  const int64 = (name: string, values: number[]) => ({
    name,
    dims: [values.length],
    dataType: onnx.TensorProto.DataType.INT64,
    int64Data: values,
  });
  const input = (name: string) => ({
    name,
    type: {
      tensorType: {
        elemType: onnx.TensorProto.DataType.INT64,
        shape: { dim: [{ dimParam: 'batch' }, { dimParam: 'sequence' }] },
      },
    },
  });
  const model = onnx.ModelProto.fromObject({
    irVersion: 7,
    opsetImport: [{ domain: '', version: 13 }],
    producerName: 'loyalty-admin tests',
    graph: {
      name: 'bag-of-words-sentiment',
      input: [input('input_ids'), input('attention_mask'), input('token_type_ids')],
      output: [
        {
          name: 'logits',
          type: {
            tensorType: {
              elemType: onnx.TensorProto.DataType.FLOAT,
              shape: { dim: [{ dimParam: 'batch' }, { dimValue: 3 }] },
            },
          },
        },
      ],
      initializer: [
        float('words', [vocab.length, 3], embedding),
        float('types', [2, 3], [0, 0, 0, 0, 0, 0]),
        float('bias', [3], [0, 0.5, 0]),
        int64('axis2', [2]),
        int64('axis1', [1]),
      ],
      node: [
        { opType: 'Gather', input: ['words', 'input_ids'], output: ['w'] },
        { opType: 'Gather', input: ['types', 'token_type_ids'], output: ['t'] },
        { opType: 'Add', input: ['w', 't'], output: ['e'] },
        {
          opType: 'Cast',
          input: ['attention_mask'],
          output: ['m'],
          attribute: [
            { name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: onnx.TensorProto.DataType.FLOAT },
          ],
        },
        { opType: 'Unsqueeze', input: ['m', 'axis2'], output: ['m3'] },
        { opType: 'Mul', input: ['e', 'm3'], output: ['em'] },
        {
          opType: 'ReduceSum',
          input: ['em', 'axis1'],
          output: ['s'],
          attribute: [{ name: 'keepdims', type: onnx.AttributeProto.AttributeType.INT, i: 0 }],
        },
        { opType: 'Add', input: ['s', 'bias'], output: ['logits'] },
      ],
    },
  });
  mkdirSync(path.join(dir, 'onnx'));
  writeFileSync(path.join(dir, 'onnx', 'model.onnx'), onnx.ModelProto.encode(model).finish());

  const specialToken = (content: string) => ({
    id: id(content),
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: special.map(specialToken),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: Object.fromEntries(
        ['[CLS]', '[SEP]'].map((t) => [t, { id: t, ids: [id(t)], tokens: [t] }]),
      ),
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((w, i) => [w, i])),
    },
  };
  writeFileSync(path.join(dir, 'tokenizer.json'), JSON.stringify(tokenizer));
  writeFileSync(
    path.join(dir, 'tokenizer_config.json'),
    JSON.stringify({
      tokenizer_class: 'BertTokenizer',
      do_lower_case: true,
      model_max_length: 512,
      pad_token: '[PAD]',
      unk_token: '[UNK]',
      cls_token: '[CLS]',
      sep_token: '[SEP]',
    }),
  );
  writeFileSync(
    path.join(dir, 'config.json'),
    JSON.stringify({ model_type: 'bert', id2label: { 0: 'negative', 1: 'neutral', 2: 'positive' } }),
  );
  return dir;
}
