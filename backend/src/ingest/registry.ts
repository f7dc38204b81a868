import {
  ConversionError,
  type Conversion,
  type ConvertContext,
  type Converter,
  type FileKind,
  type SourceFile,
} from './converter';
import { detectKind } from './detect';

/**
 * Every converter Folio has, by the kinds it claims (a kind may be claimed by one converter only), each
 * imported on the first file of its kinds: a server that reads no spreadsheet never loads exceljs, and one
 * that reads no PDF never loads pdf.js. `registry.test.ts` checks each module claims the kinds listed here.
 */
const CONVERTERS: readonly { kinds: readonly FileKind[]; load: () => Promise<Converter> }[] = [
  { kinds: ['pdf'], load: async () => (await import('./pdf/pdf')).pdfConverter },
  { kinds: ['texto'], load: async () => (await import('./text')).textConverter },
  { kinds: ['markdown'], load: async () => (await import('./markdown')).markdownConverter },
  { kinds: ['html'], load: async () => (await import('./html/html-file')).htmlFileConverter },
  { kinds: ['epub'], load: async () => (await import('./epub/epub')).epubConverter },
  { kinds: ['docx'], load: async () => (await import('./office/docx')).docxConverter },
  { kinds: ['odt'], load: async () => (await import('./office/odt')).odtConverter },
  { kinds: ['rtf'], load: async () => (await import('./office/rtf')).rtfConverter },
  { kinds: ['pptx'], load: async () => (await import('./office/pptx')).pptxConverter },
  { kinds: ['odp'], load: async () => (await import('./office/odp')).odpConverter },
  { kinds: ['xlsx'], load: async () => (await import('./office/xlsx')).xlsxConverter },
  { kinds: ['ods'], load: async () => (await import('./office/ods')).odsConverter },
  { kinds: ['csv'], load: async () => (await import('./csv')).csvConverter },
  { kinds: ['subtitulos'], load: async () => (await import('./captions')).captionsConverter },
  { kinds: ['audio', 'video'], load: async () => (await import('./media/media')).mediaConverter },
  { kinds: ['imagen'], load: async () => (await import('./image/image')).imageConverter },
];

/** A converter that imports its module on its first conversion. */
function onFirstUse(entry: (typeof CONVERTERS)[number]): Converter & { load(): Promise<Converter> } {
  let loaded: Promise<Converter> | undefined;
  const load = () =>
    (loaded ??= entry.load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
  return { kinds: entry.kinds, load, convert: async (file, ctx) => (await load()).convert(file, ctx) };
}

const BY_KIND = new Map<FileKind, ReturnType<typeof onFirstUse>>(
  CONVERTERS.flatMap((entry) => {
    const converter = onFirstUse(entry);
    return entry.kinds.map((kind) => [kind, converter] as const);
  }),
);

/** The module's own converter for a kind (imported now if it was not), or undefined. */
export async function loadConverter(kind: FileKind): Promise<Converter | undefined> {
  return BY_KIND.get(kind)?.load();
}

/** The converter for a kind, or undefined when Folio cannot read that kind yet. */
export function converterFor(kind: FileKind): Converter | undefined {
  return BY_KIND.get(kind);
}

/**
 * Detects what a file is and converts it. Kinds without a converter fail with a `ConversionError` whose
 * Spanish message names the kind.
 */
export async function convertFile(file: SourceFile, ctx: ConvertContext): Promise<Conversion & { kind: FileKind }> {
  const kind = await detectKind(file);
  const converter = converterFor(kind);
  if (!converter) {
    if (kind === 'desconocido') {
      throw new ConversionError('No se reconoce el tipo de archivo.', 'Unrecognised file type');
    }
    if (kind === 'zip') {
      throw new ConversionError(
        'Un archivo .zip no es un documento: descomprímelo y sube cada archivo por separado.',
        'A plain zip archive is not a document: unpack it and upload its files',
      );
    }
    throw new ConversionError(
      `Todavía no se pueden leer archivos de tipo ${kind}.`,
      `No converter for files of kind ${kind}`,
    );
  }
  return { ...(await converter.convert(file, ctx)), kind };
}
