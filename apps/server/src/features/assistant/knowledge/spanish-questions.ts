/**
 * Spanish questions for an English knowledge base: which language a question is in, and an English
 * rendering of its VAT terms for retrieval. Not a translator: it maps the key VAT vocabulary and
 * drops Spanish function words, which is all the lexical retrieval needs. Words it does not know
 * are kept, so an off-topic Spanish question still finds nothing.
 */
export type AnswerLanguage = 'en' | 'es';

/** Lower case without accents, so "declaración" and "declaracion" read the same. */
function fold(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.,%£-]*[\p{L}\p{N}%]|[\p{L}\p{N}]/gu;

/** Words only Spanish uses (accents folded), each one vote for Spanish. */
const SPANISH_WORDS = new Set(
  `el la los las lo del al de que mi mis tu tus su sus es son esta estan hay un una unos unas por para
  con sin pero como cuando cuanto cuanta cuantos cuantas cual cuales donde quien porque tengo tiene
  tienen debo debe deben puedo puede pueden hago hacer hacen se si yo nosotros mi empresa negocio iva
  declaracion declaraciones plazo plazos vence vencen vencimiento pago pagos pagar recargo recargos
  sancion sanciones multa multas factura facturas tipo tipos umbral regimen caja hacienda ano meses
  mes trimestre trimestral mensual anual cuota casilla casillas devolucion reembolso ventas compras`
    .split(/\s+/)
    .filter((word) => word !== ''),
);

/** Words only English uses, each one vote for English. */
const ENGLISH_WORDS = new Set(
  `the is are my our what when how do does did can could should would i we you of to for on in and with
  vat return returns due pay payment penalty rate scheme threshold register claim box which who have
  has much many be it this that`
    .split(/\s+/)
    .filter((word) => word !== ''),
);

/**
 * The language a question is written in, by counting words only one language uses (and Spanish's
 * ¿ ¡ ñ and accents). When the words do not tell, the user's language in VAT Wise decides.
 */
export function questionLanguage(question: string, fallback: AnswerLanguage = 'en'): AnswerLanguage {
  let spanish = /[¿¡ñ]/i.test(question) ? 2 : 0;
  if (/[áéíóú]/i.test(question)) spanish += 1;
  let english = 0;
  for (const [word] of question.toLowerCase().matchAll(WORD)) {
    if (ENGLISH_WORDS.has(word)) english += 1;
    else if (SPANISH_WORDS.has(fold(word))) spanish += 1;
  }
  if (spanish > english) return 'es';
  if (english > spanish) return 'en';
  return fallback;
}

/**
 * Spanish VAT vocabulary and the English words the knowledge base uses for it (accents folded).
 * Longer phrases are matched first, so "tipo reducido" wins over "tipo".
 */
const SPANISH_TERMS: ReadonlyArray<readonly [readonly string[], string]> = [
  [['impuesto sobre el valor anadido', 'impuesto sobre el valor agregado', 'iva'], 'VAT'],
  [['numero de iva', 'numero de registro de iva', 'nif de iva'], 'VAT registration number'],
  [['declaracion cero', 'declaracion sin actividad', 'declaracion en cero'], 'nil return'],
  [['declaracion', 'declaraciones', 'autoliquidacion', 'liquidacion'], 'return'],
  [['presentar', 'presento', 'presentarla', 'presentacion', 'enviar', 'mandar'], 'submit'],
  [['fecha limite', 'fecha de vencimiento', 'plazo', 'plazos', 'vencimiento'], 'deadline'],
  [['vence', 'vencen', 'vencer', 'toca'], 'due'],
  [['fuera de plazo', 'con retraso', 'retraso', 'tarde', 'atrasado', 'atrasada'], 'late'],
  [['puntos de penalizacion', 'puntos de sancion'], 'penalty points'],
  [['recargo', 'recargos', 'sancion', 'sanciones', 'multa', 'multas', 'penalizacion', 'penalizaciones'], 'penalty'],
  [['puntos', 'punto'], 'points'],
  [['intereses de demora', 'interes de demora'], 'late payment interest'],
  [['intereses', 'interes'], 'interest'],
  [['pagos a cuenta', 'pago a cuenta'], 'payments on account'],
  [['plan de pagos', 'aplazamiento', 'fraccionamiento'], 'time to pay'],
  [['domiciliacion bancaria', 'domiciliacion', 'debito directo'], 'direct debit'],
  [['referencia de pago'], 'payment reference'],
  [['pago', 'pagos', 'abono'], 'payment'],
  [['he pagado', 'hemos pagado', 'pague', 'pagamos'], 'paid'],
  [['cuanto debo', 'cuanto debemos', 'deuda', 'deudas', 'saldo pendiente'], 'owe'],
  [['pagar', 'ingresar'], 'pay'],
  [
    ['regimen de criterio de caja', 'regimen de caja', 'criterio de caja', 'contabilidad de caja'],
    'cash accounting scheme',
  ],
  [['regimen de tarifa plana', 'tarifa plana', 'tipo fijo', 'tanto alzado'], 'flat rate scheme'],
  [['contabilidad anual', 'regimen anual'], 'annual accounting scheme'],
  [['regimen', 'regimenes'], 'scheme'],
  [['tipo reducido', 'tipo superreducido'], 'reduced rate'],
  [['tipo general', 'tipo estandar', 'tipo normal'], 'standard rate'],
  [['tipo cero', 'tipo del cero'], 'zero rate'],
  [['tipos', 'tipo', 'porcentaje'], 'rate'],
  [['exento', 'exenta', 'exentos', 'exentas', 'exencion'], 'exempt'],
  [['umbral', 'limite'], 'threshold'],
  [['darme de alta', 'darse de alta', 'registrarme', 'registrarse', 'alta', 'registro'], 'register'],
  [['darme de baja', 'darse de baja', 'baja'], 'deregister'],
  [['iva soportado', 'iva deducible'], 'input tax'],
  [['iva repercutido', 'iva devengado'], 'output tax'],
  [['recuperar', 'deducir', 'deducirme', 'desgravar'], 'reclaim'],
  [['devolucion', 'reembolso'], 'repayment'],
  [['inversion del sujeto pasivo'], 'reverse charge'],
  [['facturacion', 'volumen de negocios', 'cifra de negocios'], 'turnover'],
  [['factura', 'facturas'], 'invoice'],
  [['ventas'], 'sales'],
  [['compras'], 'purchases'],
  [['casilla', 'casillas'], 'box'],
  [['error', 'errores', 'equivocacion', 'fallo'], 'error'],
  [['corregir', 'rectificar', 'subsanar'], 'correct'],
  [['registros digitales'], 'digital records'],
  [['registros', 'libros'], 'records'],
  [['conservar', 'guardar'], 'keep'],
  [['coche', 'coches'], 'car'],
  [['furgoneta', 'furgonetas'], 'van'],
  [['combustible', 'gasolina'], 'fuel'],
  [['irlanda del norte'], 'Northern Ireland'],
  [['importacion', 'importaciones'], 'import'],
  [['trimestral', 'trimestrales'], 'quarterly'],
  [['trimestre', 'trimestres'], 'quarter'],
  [['mensual', 'mensuales'], 'monthly'],
  [['anual', 'anuales'], 'annual'],
  [['hacienda', 'agencia tributaria britanica'], 'HMRC'],
  [['autorizar', 'conectar'], 'authorise'],
  [['empresa', 'negocio', 'sociedad'], 'business'],
  [['proxima', 'proximo', 'siguiente'], 'next'],
  [['cuando', 'que dia', 'que fecha'], 'when'],
  [['cuanto tiempo', 'cuantos meses', 'cuantos anos'], 'how long'],
  [['caducan', 'caduca', 'caducar', 'expiran', 'expira', 'duran', 'dura', 'desaparecen'], 'expire'],
  [['millones', 'millon'], 'million'],
  [['mil'], 'thousand'],
  [['cuanto', 'cuanta', 'cuantos', 'cuantas'], 'how much'],
];

/** Spanish function words, dropped: the English knowledge base has no use for them. */
const SPANISH_FUNCTION_WORDS = new Set(
  `el la los las lo del al de a que mi mis tu tus su sus es son esta estan estoy hay un una unos unas por
  para con sin pero o y e ni como cual cuales donde quien porque si se me te le les nos yo tengo tiene
  tienen debo debe deben puedo puede pueden hago hacer hacen ser estar muy mas menos ya tambien otro otra
  este esta estos estas ese esa eso mio nuestro nuestra en sobre entre hasta desde cada todo todos`
    .split(/\s+/)
    .filter((word) => word !== ''),
);

interface CompiledTerm {
  words: string[];
  english: string;
}

const TERMS_BY_FIRST_WORD = (() => {
  const byFirst = new Map<string, CompiledTerm[]>();
  for (const [phrases, english] of SPANISH_TERMS) {
    for (const phrase of phrases) {
      const words = phrase.split(' ');
      const list = byFirst.get(words[0]!) ?? [];
      list.push({ words, english });
      byFirst.set(words[0]!, list);
    }
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.words.length - a.words.length);
  return byFirst;
})();

/**
 * The English words retrieval should search for a Spanish question:
 * "¿Cuándo vence mi declaración de IVA?" → "when due return VAT".
 */
export function toEnglishQuery(question: string): string {
  // Spanish writes 16,5 % and 90.000 where the passages have 16.5% and 90,000.
  const numbers = fold(question)
    .replace(/(\d),(\d{1,2})(?!\d)/g, '$1.$2')
    .replace(/(\d)\.(\d{3})(?!\d)/g, '$1,$2')
    .replace(/(\d)\s+%/g, '$1%');
  const words = [...numbers.matchAll(WORD)].map((match) => match[0]);
  const out: string[] = [];
  let index = 0;
  while (index < words.length) {
    const hit = (TERMS_BY_FIRST_WORD.get(words[index]!) ?? []).find((term) =>
      term.words.every((word, offset) => words[index + offset] === word),
    );
    if (hit) {
      out.push(hit.english);
      index += hit.words.length;
      continue;
    }
    if (!SPANISH_FUNCTION_WORDS.has(words[index]!)) out.push(words[index]!);
    index += 1;
  }
  return out.join(' ');
}

/** What retrieval searches for: the question itself, or a Spanish question's English rendering. */
export function searchTextFor(question: string, language: AnswerLanguage): string {
  return language === 'es' ? toEnglishQuery(question) : question;
}
