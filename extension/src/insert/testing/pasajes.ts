import type { Pasaje } from '@folio/shared';

/** A passage as the search answers it, for the insertion tests. */
export function pasaje(over: Partial<Pasaje> = {}): Pasaje {
  return {
    id: 'eco77:47',
    documento: { id: 'eco77', titulo: 'Tratado de semiótica general', autores: ['Eco, Umberto'], anio: 1977 },
    texto: 'La semiótica se ocupa de cualquier cosa\n que pueda considerarse como signo.',
    cita: '(Eco, 1977, p. 45)',
    localizador: 'p. 45',
    ancla: { tipo: 'pagina', fisica: 47, impresa: '45', romana: false },
    enlace: 'http://127.0.0.1:8787/leer/eco77?pagina=47',
    ...over,
  };
}

/** A second work: a web page with two authors, read on a given day. */
export function pasajeWeb(): Pasaje {
  return pasaje({
    id: 'paramo:3',
    documento: { id: 'paramo', titulo: 'El páramo y el agua', autores: ['Pérez Canul, Ana', 'Ruiz, Luis'], anio: 2021 },
    texto: 'El páramo regula el agua de las ciudades andinas.',
    cita: '(Pérez Canul y Ruiz, 2021, párr. 3)',
    localizador: 'párr. 3',
    ancla: { tipo: 'web', url: 'https://example.org/paramo', parrafo: 3, consultada: '2024-05-03' },
    enlace: 'http://127.0.0.1:8787/leer/paramo?parrafo=3',
  });
}
