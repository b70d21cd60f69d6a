import { rmSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { copyTemplate, type Product, startProduct } from './server.ts';

/**
 * Every test file runs against its own product: a server on a fresh copy of the template database
 * (e2e/server.ts), started before the file's tests and removed after them. A file may change demo
 * records or global settings without reaching another file (issue 21: a browser test owns its data).
 */
let product: Product | undefined;
let dataDir: string | undefined;

beforeAll(async () => {
  dataDir = copyTemplate(inject('templateDir'));
  product = await startProduct(dataDir);
});

afterAll(async () => {
  await product?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The address of this file's product. */
export function productUrl(): string {
  if (!product) throw new Error('The product starts in beforeAll (e2e/ownProduct.ts)');
  return product.baseUrl;
}
