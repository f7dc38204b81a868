import type { Config } from '../config';
import { configuredModel, ENGINE_MODELS, MODEL_ENGINES, type ModelEngine } from '../models/catalog';
import { listInstalledModels } from '../models/installed';
import { pullModels, type PullResult } from '../models/pull';
import { pullOcrLanguages, type OcrPullResult } from '../models/pull-ocr';
import { installedLanguages } from '../ai/tesseract-data';
import { scriptsOf } from '../ai/tesseract-scripts';
import { UsageError } from './args';
import { createProgressBar, formatBytes } from './progress-bar';

const USAGE =
  'Usage: folio models pull [embeddings|reranker|nli|transcription|all ...] | folio models pull ocr <lang ...> | ' +
  'folio models list';

/** Languages to suggest for `models pull ocr`: one per major script OCR reads once its data is here. */
const OCR_SUGGESTED = 'chi_sim chi_tra jpn kor ara fas rus ukr ell heb hin tha';

function parseEngines(args: string[]): ModelEngine[] {
  const words = args.filter((a) => !a.startsWith('-'));
  if (!words.length || words.includes('all')) return [...MODEL_ENGINES];
  const bad = words.filter((w) => !(MODEL_ENGINES as readonly string[]).includes(w));
  if (bad.length) throw new UsageError(`Unknown engine(s): ${bad.join(', ')}. ${USAGE}`);
  return [...new Set(words)] as ModelEngine[];
}

/** The closing line of one engine's pull. */
export function describeResult(r: PullResult): string {
  const name = `${r.engine} (${r.model})`;
  switch (r.status) {
    case 'pulled':
      return `${name}: installed, ${formatBytes(r.downloaded)} downloaded and verified.`;
    case 'present':
      return `${name}: already installed and verified; nothing downloaded.`;
    case 'skipped':
      return `${name}: not pulled: ${r.message}.`;
    case 'failed':
      return `${name}: FAILED: ${r.message}`;
  }
}

/**
 * Pulls the engines' models, drawing progress on `err` and one result line per engine on `out`.
 * Returns the results; the caller decides the exit code (any failure: 1).
 */
export async function runPull(
  config: Config,
  engines: readonly ModelEngine[],
  out: (line: string) => void,
  err: NodeJS.WriteStream = process.stderr,
): Promise<PullResult[]> {
  const bar = createProgressBar(err);
  out(`Pulling into ${config.modelsDir} from ${config.modelsHub.url}`);
  const results = await pullModels({
    config,
    engines,
    onEvent: (event) => {
      if (event.type === 'model') {
        out(`${event.engine}: ${event.model}, ${event.files.length} files, ${formatBytes(event.bytes)}`);
      } else if (event.type === 'file' && event.state === 'present') {
        out(`  ${event.file.path}  already here, verified`);
      } else if (event.type === 'progress') {
        bar.update(event.progress);
      } else if (event.type === 'retry') {
        err.write(
          `\n  ${event.message}; resuming in ${Math.round(event.delayMs / 1000)} s (try ${event.attempt} of ${event.of})\n`,
        );
      }
    },
  });
  for (const r of results) out(describeResult(r));
  return results;
}

/** The closing line of one OCR language's pull. */
export function describeOcrResult(r: OcrPullResult): string {
  switch (r.status) {
    case 'pulled':
      return `ocr ${r.lang} (${r.release}): installed, ${formatBytes(r.downloaded)} downloaded and verified.`;
    case 'present':
      return `ocr ${r.lang} (${r.release}): already installed; nothing downloaded.`;
    case 'failed':
      return `ocr ${r.lang}: FAILED: ${r.message}`;
  }
}

/** `models pull ocr <lang ...>`: Tesseract language data from the npm registry into FOLIO_OCR_DATA_DIR. */
async function pullOcr(config: Config, args: string[], out: (line: string) => void): Promise<number> {
  const langs = args.filter((a) => !a.startsWith('-'));
  if (langs.length === 0) {
    throw new UsageError(`Name the OCR languages (Tesseract codes), e.g.: folio models pull ocr ${OCR_SUGGESTED}`);
  }
  out(`Pulling OCR language data into ${config.ocr.dataDir} from ${config.npmRegistry}`);
  const results = await pullOcrLanguages({ config, langs });
  for (const r of results) out(describeOcrResult(r));
  if (results.some((r) => r.status === 'pulled')) {
    out('OCR reads them from its next start (restart Folio, or once its worker was idle FOLIO_ENGINE_IDLE_MINUTES).');
  }
  return results.some((r) => r.status === 'failed') ? 1 : 0;
}

/** `models pull [engines]`, `models pull ocr <lang ...>` and `models list`. */
export async function modelsCommand(config: Config, args: string[], out: (line: string) => void): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'pull' && rest[0] === 'ocr') return pullOcr(config, rest.slice(1), out);
  if (sub === 'pull') {
    const results = await runPull(config, parseEngines(rest), out);
    if (results.some((r) => r.engine === 'embeddings' && (r.status === 'pulled' || r.status === 'present'))) {
      out('Semantic search is on from the next start (npm start).');
    }
    return results.some((r) => r.status === 'failed') ? 1 : 0;
  }
  if (sub === 'list') {
    out(`Models in ${config.modelsDir}:`);
    for (const m of await listInstalledModels(config)) {
      const state =
        m.state === 'instalado'
          ? `installed, ${formatBytes(m.bytes)} (${m.dtype})${m.pulled ? `, pulled ${m.pulled.pulledAt.slice(0, 10)} from ${m.pulled.hub} at ${m.pulled.commit.slice(0, 10)}` : ''}`
          : m.state === 'falta'
            ? `missing: npm run folio -- models pull ${m.engine}`
            : `not used: ${m.detail}`;
      out(`  ${m.engine.padEnd(13)} ${m.model}  (${ENGINE_MODELS[m.engine].role})  ${state}`);
    }
    out('Other choices (set the variable for both `models pull` and `npm start`):');
    for (const engine of MODEL_ENGINES) {
      const { variable, choices } = ENGINE_MODELS[engine];
      for (const c of choices.filter((c) => c.id !== configuredModel(config, engine))) {
        const kind = c.recommended ? 'the default' : c.size;
        out(`  ${variable}=${c.id}  (${kind}, ${c.megabytes} MB, ${c.license}): ${c.note}`);
      }
    }
    const { dataDir, systemDataDirs } = config.ocr;
    const ocrLanguages = await installedLanguages([dataDir], systemDataDirs);
    out(`OCR languages (${[dataDir, 'the @tesseract.js-data packages', ...systemDataDirs].join(', ')}):`);
    out(`  ${ocrLanguages.join(', ') || 'none'} (scripts: ${scriptsOf(ocrLanguages).join(', ')})`);
    out(`  more: npm run folio -- models pull ocr <lang ...>, e.g. ${OCR_SUGGESTED}`);
    return 0;
  }
  throw new UsageError(USAGE);
}
