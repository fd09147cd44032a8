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
 * Adding a node: add it to `nodes` with unique id and free x/y, connect it in
 * `rails`, give a junction its `through` pairs, then run `npm test`:
 * test/data.test.ts checks connectivity, ids and coordinates.
 */
import type { BoardSide, MapNode } from './types';

const monument = (id: string, name: string, x: number, y: number): MapNode => ({ id, name, kind: 'monument', x, y });
const stop = (id: string, name: string, x: number, y: number): MapNode => ({ id, name, kind: 'stop', x, y });
const bonus = (id: string, name: string, color: MapNode['color'], x: number, y: number): MapNode => ({
  id,
  name,
  kind: 'bonus',
  color,
  x,
  y,
});
const junction = (id: string, x: number, y: number, through: [string, string][]): MapNode => ({
  id,
  name: 'Junction',
  kind: 'junction',
  x,
  y,
  through,
});

/** The 4-player side. */
export const LARGE_SIDE: BoardSide = {
  id: 'large',
  name: 'Grande Lisboa (4 players)',
  players: [4],
  nodes: [
    { id: 'rossio', name: 'Rossio', kind: 'rossio', x: 690, y: 150 },
    monument('torre-belem', 'Torre de Belém', 40, 560),
    monument('padrao', 'Padrão dos Descobrimentos', 130, 560),
    monument('jeronimos', 'Jerónimos', 170, 390),
    monument('ajuda', 'Ajuda', 230, 250),
    monument('estrela', 'Estrela', 430, 290),
    monument('chiado', 'Chiado', 560, 330),
    monument('carmo', 'Carmo', 640, 330),
    monument('castelo', 'Castelo', 840, 330),
    monument('se', 'Sé', 790, 440),
    monument('praca-comercio', 'Praça do Comércio', 700, 560),
    monument('panteao', 'Panteão', 950, 470),
    bonus('gloria', 'Elevador da Glória', 'yellow', 600, 150),
    bonus('bica', 'Elevador da Bica', 'green', 560, 450),
    bonus('lavra', 'Elevador do Lavra', 'blue', 780, 60),
    bonus('santa-justa', 'Elevador de Santa Justa', 'red', 700, 250),
    stop('restelo', 'Restelo', 60, 390),
    stop('campo-ourique', 'Campo de Ourique', 300, 150),
    stop('rato', 'Rato', 430, 150),
    stop('principe-real', 'Príncipe Real', 520, 150),
    stop('lapa', 'Lapa', 430, 420),
    stop('alcantara', 'Alcântara', 300, 560),
    stop('santos', 'Santos', 470, 560),
    stop('cais-sodre', 'Cais do Sodré', 580, 560),
    stop('baixa', 'Baixa', 740, 330),
    stop('martim-moniz', 'Martim Moniz', 780, 150),
    stop('graca', 'Graça', 900, 150),
    stop('alfama', 'Alfama', 920, 360),
    stop('santa-apolonia', 'Santa Apolónia', 950, 560),
    junction('j-belem', 210, 560, [
      ['padrao', 'alcantara'],
      ['jeronimos', 'alcantara'],
    ]),
    junction('j-alcantara', 370, 560, [
      ['alcantara', 'santos'],
      ['lapa', 'santos'],
    ]),
    junction('j-castelo', 900, 250, [
      ['castelo', 'graca'],
      ['castelo', 'alfama'],
    ]),
    junction('j-comercio', 820, 560, [
      ['praca-comercio', 'santa-apolonia'],
      ['se', 'santa-apolonia'],
    ]),
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
    { id: 'rossio', name: 'Rossio', kind: 'rossio', x: 680, y: 170 },
    monument('torre-belem', 'Torre de Belém', 50, 540),
    monument('padrao', 'Padrão dos Descobrimentos', 150, 540),
    monument('jeronimos', 'Jerónimos', 220, 400),
    monument('ajuda', 'Ajuda', 220, 240),
    monument('estrela', 'Estrela', 420, 300),
    monument('chiado', 'Chiado', 560, 340),
    monument('carmo', 'Carmo', 640, 340),
    monument('castelo', 'Castelo', 840, 340),
    monument('se', 'Sé', 800, 460),
    monument('praca-comercio', 'Praça do Comércio', 680, 540),
    monument('panteao', 'Panteão', 950, 470),
    bonus('gloria', 'Elevador da Glória', 'yellow', 580, 170),
    bonus('bica', 'Elevador da Bica', 'green', 560, 450),
    bonus('lavra', 'Elevador do Lavra', 'blue', 780, 70),
    bonus('santa-justa', 'Elevador de Santa Justa', 'red', 690, 270),
    stop('rato', 'Rato', 420, 170),
    stop('principe-real', 'Príncipe Real', 500, 170),
    stop('lapa', 'Lapa', 420, 430),
    stop('alcantara', 'Alcântara', 300, 540),
    stop('santos', 'Santos', 440, 540),
    stop('cais-sodre', 'Cais do Sodré', 570, 540),
    stop('baixa', 'Baixa', 740, 340),
    stop('martim-moniz', 'Martim Moniz', 780, 170),
    stop('graca', 'Graça', 900, 170),
    stop('alfama', 'Alfama', 920, 370),
    junction('j-belem', 220, 540, [
      ['padrao', 'alcantara'],
      ['jeronimos', 'alcantara'],
    ]),
    junction('j-santos', 510, 540, [
      ['santos', 'cais-sodre'],
      ['lapa', 'cais-sodre'],
    ]),
    junction('j-castelo', 900, 270, [
      ['castelo', 'graca'],
      ['castelo', 'alfama'],
    ]),
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
