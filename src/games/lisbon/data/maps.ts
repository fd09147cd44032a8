/**
 * The two board sides, designed for this edition (RULINGS "Content this
 * implementation designs"). Places sit roughly where they are in Lisbon:
 * Belém in the far west along the river (bottom), Castelo and Sé on the
 * eastern hill, Rossio and the Baixa in the middle.
 *
 * Large side (4 players). M = monument, B = bonus stop, S = tram stop,
 * R = Rossio, + = junction. `~` marks the river.
 *
 *                         campo-ourique(S)--rato(S)--principe-real(S)--gloria(B)--ROSSIO--martim-moniz(S)--graca(S)
 *                        /                   |                                    /  |         |            |
 *                 ajuda(M)              estrela(M)                    santa-justa(B) |      lavra(B)     j-castelo(+)
 *                   |                        |                          |            |                  /    |
 *   restelo(S)--jeronimos(M)               lapa(S)      chiado(M)--carmo(M)--baixa(S)--castelo(M)-------'     |
 *                   |                        |           |                                            alfama(S)
 *                   |                        |         bica(B)                        se(M)-----------'   |
 *                   |                        |           |                             |               panteao(M)
 *   torre-belem(M)--padrao(M)--j-belem(+)--alcantara(S)--j-alcantara(+)--santos(S)--cais-sodre(S)--praca-comercio(M)--j-comercio(+)--santa-apolonia(S)
 *   ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 *
 * The small side (2–3 players) keeps every monument, bonus stop and Rossio
 * on a tighter network with 10 tram stops: no Restelo, Campo de Ourique or
 * Santa Apolónia, Ajuda becomes a dead end beyond Jerónimos, and Panteão a
 * dead end beyond Alfama.
 *
 * Adding a node: name it once in `PLACES` (a junction needs no entry), put it
 * on a side with `place(id, x, y)` (a junction: its pairs in `SWITCHES`, then
 * `junction(id, x, y)`) at free coordinates,
 * connect it in `rails`, give a junction its `through` pairs, then run
 * `npm test`: test/game/data.test.ts checks connectivity, ids and spacing.
 */
import type { BoardSide, MapNode } from './types';

/** Every place of the network, once; each side places them with its own coordinates. */
const PLACES = {
  rossio: { name: 'Rossio', kind: 'rossio' },
  'torre-belem': { name: 'Torre de Belém', kind: 'monument' },
  padrao: { name: 'Padrão dos Descobrimentos', kind: 'monument' },
  jeronimos: { name: 'Jerónimos', kind: 'monument' },
  ajuda: { name: 'Ajuda', kind: 'monument' },
  estrela: { name: 'Estrela', kind: 'monument' },
  chiado: { name: 'Chiado', kind: 'monument' },
  carmo: { name: 'Carmo', kind: 'monument' },
  castelo: { name: 'Castelo', kind: 'monument' },
  se: { name: 'Sé', kind: 'monument' },
  'praca-comercio': { name: 'Praça do Comércio', kind: 'monument' },
  panteao: { name: 'Panteão', kind: 'monument' },
  restelo: { name: 'Restelo', kind: 'stop' },
  'campo-ourique': { name: 'Campo de Ourique', kind: 'stop' },
  rato: { name: 'Rato', kind: 'stop' },
  'principe-real': { name: 'Príncipe Real', kind: 'stop' },
  lapa: { name: 'Lapa', kind: 'stop' },
  alcantara: { name: 'Alcântara', kind: 'stop' },
  santos: { name: 'Santos', kind: 'stop' },
  'cais-sodre': { name: 'Cais do Sodré', kind: 'stop' },
  baixa: { name: 'Baixa', kind: 'stop' },
  'martim-moniz': { name: 'Martim Moniz', kind: 'stop' },
  graca: { name: 'Graça', kind: 'stop' },
  alfama: { name: 'Alfama', kind: 'stop' },
  'santa-apolonia': { name: 'Santa Apolónia', kind: 'stop' },
  gloria: { name: 'Elevador da Glória', kind: 'bonus', color: 'yellow' },
  bica: { name: 'Elevador da Bica', kind: 'bonus', color: 'green' },
  lavra: { name: 'Elevador do Lavra', kind: 'bonus', color: 'blue' },
  'santa-justa': { name: 'Elevador de Santa Justa', kind: 'bonus', color: 'red' },
} satisfies Record<string, Pick<MapNode, 'name' | 'kind' | 'color'>>;

/** A place of the network at the given drawing coordinates. */
const place = (id: keyof typeof PLACES, x: number, y: number): MapNode => ({ id, ...PLACES[id], x, y });

/** The switches: at each, the pairs of neighbours whose rails join (RULINGS "Movement"). */
const SWITCHES = {
  'j-belem': [['padrao', 'alcantara'], ['jeronimos', 'alcantara']],
  'j-alcantara': [['alcantara', 'santos'], ['lapa', 'santos']],
  'j-castelo': [['castelo', 'graca'], ['castelo', 'alfama']],
  'j-comercio': [['praca-comercio', 'santa-apolonia'], ['se', 'santa-apolonia']],
  'j-santos': [['santos', 'cais-sodre'], ['lapa', 'cais-sodre']],
} satisfies Record<string, [string, string][]>;

/** A junction (switch) at the given drawing coordinates: passed over, continuing only along its `through` pairs. */
const junction = (id: keyof typeof SWITCHES, x: number, y: number): MapNode => ({
  id,
  name: 'Junction',
  kind: 'junction',
  x,
  y,
  through: SWITCHES[id],
});

/** The 4-player side. */
export const LARGE_SIDE: BoardSide = {
  id: 'large',
  name: 'Grande Lisboa (4 players)',
  players: [4],
  nodes: [
    place('rossio', 690, 150),
    place('torre-belem', 40, 560),
    place('padrao', 130, 560),
    place('jeronimos', 170, 390),
    place('ajuda', 230, 250),
    place('estrela', 430, 290),
    place('chiado', 560, 330),
    place('carmo', 640, 330),
    place('castelo', 840, 330),
    place('se', 790, 440),
    place('praca-comercio', 700, 560),
    place('panteao', 950, 470),
    place('gloria', 600, 150),
    place('bica', 560, 450),
    place('lavra', 780, 60),
    place('santa-justa', 700, 250),
    place('restelo', 60, 390),
    place('campo-ourique', 300, 150),
    place('rato', 430, 150),
    place('principe-real', 520, 150),
    place('lapa', 430, 420),
    place('alcantara', 300, 560),
    place('santos', 470, 560),
    place('cais-sodre', 580, 560),
    place('baixa', 740, 330),
    place('martim-moniz', 780, 150),
    place('graca', 900, 150),
    place('alfama', 920, 360),
    place('santa-apolonia', 950, 560),
    junction('j-belem', 210, 560),
    junction('j-alcantara', 370, 560),
    junction('j-castelo', 900, 250),
    junction('j-comercio', 820, 560),
  ],
  rails: [
    ['torre-belem', 'padrao'],
    ['padrao', 'j-belem'],
    ['j-belem', 'jeronimos'],
    ['j-belem', 'alcantara'],
    ['restelo', 'jeronimos'],
    ['jeronimos', 'ajuda'],
    ['ajuda', 'campo-ourique'],
    ['campo-ourique', 'rato'],
    ['rato', 'principe-real'],
    ['rato', 'estrela'],
    ['estrela', 'lapa'],
    ['lapa', 'j-alcantara'],
    ['alcantara', 'j-alcantara'],
    ['j-alcantara', 'santos'],
    ['santos', 'cais-sodre'],
    ['cais-sodre', 'bica'],
    ['bica', 'chiado'],
    ['cais-sodre', 'praca-comercio'],
    ['principe-real', 'gloria'],
    ['gloria', 'rossio'],
    ['chiado', 'carmo'],
    ['carmo', 'baixa'],
    ['baixa', 'castelo'],
    ['baixa', 'rossio'],
    ['rossio', 'santa-justa'],
    ['santa-justa', 'praca-comercio'],
    ['rossio', 'martim-moniz'],
    ['martim-moniz', 'lavra'],
    ['martim-moniz', 'graca'],
    ['graca', 'j-castelo'],
    ['castelo', 'j-castelo'],
    ['j-castelo', 'alfama'],
    ['alfama', 'se'],
    ['alfama', 'panteao'],
    ['se', 'j-comercio'],
    ['praca-comercio', 'j-comercio'],
    ['j-comercio', 'santa-apolonia'],
    ['santa-apolonia', 'panteao'],
  ],
};

/** The 2–3 player side: the same places on a tighter network. */
export const SMALL_SIDE: BoardSide = {
  id: 'small',
  name: 'Baixa e Belém (2–3 players)',
  players: [2, 3],
  nodes: [
    place('rossio', 680, 170),
    place('torre-belem', 50, 540),
    place('padrao', 150, 540),
    place('jeronimos', 220, 400),
    place('ajuda', 220, 240),
    place('estrela', 420, 300),
    place('chiado', 560, 340),
    place('carmo', 640, 340),
    place('castelo', 840, 340),
    place('se', 800, 460),
    place('praca-comercio', 680, 540),
    place('panteao', 950, 470),
    place('gloria', 580, 170),
    place('bica', 560, 450),
    place('lavra', 780, 70),
    place('santa-justa', 690, 270),
    place('rato', 420, 170),
    place('principe-real', 500, 170),
    place('lapa', 420, 430),
    place('alcantara', 300, 540),
    place('santos', 440, 540),
    place('cais-sodre', 570, 540),
    place('baixa', 740, 340),
    place('martim-moniz', 780, 170),
    place('graca', 900, 170),
    place('alfama', 920, 370),
    junction('j-belem', 220, 540),
    junction('j-santos', 510, 540),
    junction('j-castelo', 900, 270),
  ],
  rails: [
    ['torre-belem', 'padrao'],
    ['padrao', 'j-belem'],
    ['j-belem', 'jeronimos'],
    ['j-belem', 'alcantara'],
    ['jeronimos', 'ajuda'],
    ['alcantara', 'santos'],
    ['santos', 'j-santos'],
    ['lapa', 'j-santos'],
    ['j-santos', 'cais-sodre'],
    ['lapa', 'estrela'],
    ['estrela', 'rato'],
    ['rato', 'principe-real'],
    ['principe-real', 'gloria'],
    ['gloria', 'rossio'],
    ['cais-sodre', 'praca-comercio'],
    ['cais-sodre', 'bica'],
    ['bica', 'chiado'],
    ['chiado', 'carmo'],
    ['carmo', 'baixa'],
    ['baixa', 'castelo'],
    ['baixa', 'rossio'],
    ['rossio', 'santa-justa'],
    ['santa-justa', 'praca-comercio'],
    ['rossio', 'martim-moniz'],
    ['martim-moniz', 'lavra'],
    ['martim-moniz', 'graca'],
    ['graca', 'j-castelo'],
    ['castelo', 'j-castelo'],
    ['j-castelo', 'alfama'],
    ['praca-comercio', 'se'],
    ['se', 'alfama'],
    ['alfama', 'panteao'],
  ],
};

/** Both sides by id. */
export const SIDES: Record<'large' | 'small', BoardSide> = { large: LARGE_SIDE, small: SMALL_SIDE };

/** The side used for a player count: large for 4, small for 2–3. */
export function sideForPlayers(numPlayers: number): BoardSide {
  return numPlayers >= 4 ? LARGE_SIDE : SMALL_SIDE;
}
