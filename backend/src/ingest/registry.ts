import {
  ConversionError,
  type Conversion,
  type ConvertContext,
  type Converter,
  type FileKind,
  type SourceFile,
} from './converter';
import { detectKind } from './detect';
import { captionsConverter } from './captions';
import { htmlFileConverter } from './html-file';
import { imageConverter } from './image';
import { markdownConverter } from './markdown';
import { csvConverter } from './csv';
import { docxConverter } from './office/docx';
import { epubConverter } from './epub';
import { mediaConverter } from './media/media';
import { odpConverter } from './office/odp';
import { odtConverter } from './office/odt';
import { odsConverter } from './office/ods';
import { pdfConverter } from './pdf';
import { pptxConverter } from './office/pptx';
import { rtfConverter } from './office/rtf';
import { textConverter } from './text';
import { xlsxConverter } from './office/xlsx';

/** Every converter Folio has; a kind may be claimed by one converter only. */
const CONVERTERS: readonly Converter[] = [
  pdfConverter,
  textConverter,
  markdownConverter,
  htmlFileConverter,
  epubConverter,
  docxConverter,
  odtConverter,
  rtfConverter,
  pptxConverter,
  odpConverter,
  xlsxConverter,
  odsConverter,
  csvConverter,
  captionsConverter,
  mediaConverter,
  imageConverter,
];

const BY_KIND = new Map<FileKind, Converter>(CONVERTERS.flatMap((c) => c.kinds.map((kind) => [kind, c] as const)));

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
