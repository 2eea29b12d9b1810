/**
 * Invented but plausible competitors for the generated leagues: clubs named after invented towns
 * (`Belford United`, `Sporting Korstad`), US-style franchises (`Dunmouth Falcons`), esports teams,
 * national teams for international competitions, and people for the one-on-one sports. A pure
 * function of the league: the same league always has the same competitors, ids independent of the
 * seed (like the real rosters).
 */
import type { LeagueInfo } from '../catalog-sports.ts';
import { hash32, intHash, pickHash } from '../../shared/hash.ts';
import { teamIdentity, type Team } from './teams.ts';

const TOWN_STARTS =
  'Al,Bel,Bran,Cal,Cor,Dun,El,Fal,Gar,Hal,Ir,Kel,Lor,Mar,Nor,Ost,Pel,Quin,Ros,Sal,Tor,Ul,Val,Wes,Yar,Zel,Ash,Brook,Clay,Dover,Glen,Hart,Kings,Lake,Mill,New,Oak,Port,Red,Stone,Wood,Ambler,Bex,Carn,Dray,Elm,Fern,Grim,Holt,Ivy'.split(
    ',',
  );
const TOWN_ENDS =
  'ford,ton,burg,stad,ville,mont,haven,field,dale,wick,gate,mouth,berg,holm,port,vik,ia,ova,ena,ano,ora,ica,dorf,heim,by,ley,more,stone,bridge,worth'.split(
    ',',
  );
const CLUB_FORMS = [
  '{} FC',
  'FC {}',
  '{} United',
  '{} City',
  'Sporting {}',
  'Real {}',
  'Athletic {}',
  'Dynamo {}',
  '{} Rovers',
  'Olympic {}',
  'Racing {}',
  '{} Wanderers',
  'Inter {}',
  'AC {}',
  'SC {}',
  '{} Town',
];
const MASCOTS =
  'Falcons,Wolves,Titans,Comets,Storm,Lions,Bears,Knights,Pirates,Hawks,Spartans,Royals,Rangers,Thunder,Blaze,Mariners,Stallions,Vipers,Giants,Eagles,Sharks,Panthers,Bulls,Warriors,Kings,Owls,Foxes,Ravens,Rockets,Express,Flyers,Outlaws,Miners,Pioneers,Admirals,Huskies,Jaguars,Cobras,Dragons,Phoenix'.split(
    ',',
  );
const ESPORTS_WORDS =
  'Nova,Vortex,Apex,Cipher,Eclipse,Havoc,Nexus,Onyx,Pulse,Quantum,Rogue,Specter,Titan,Vanguard,Zenith,Aurora,Blitz,Catalyst,Dynasty,Ember,Fury,Glacier,Horizon,Ion,Jolt,Karma,Legacy,Monarch,Nomad,Orbit'.split(
    ',',
  );
const ESPORTS_FORMS = ['Team {}', '{} Gaming', '{} Esports', '{} Club', '{} Academy'];
const FIRST_NAMES =
  'Aleksander,Andrei,Ben,Carlos,Daniel,Dmitri,Elias,Emil,Felix,Gabriel,Hugo,Ivan,Jakub,Jonas,Kai,Kenji,Lorenzo,Luca,Marco,Mateo,Mikael,Nikolai,Oscar,Pablo,Rafael,Samuel,Sebastian,Tomas,Viktor,Yusuf,Adrian,Bruno,Cristian,Diego,Enzo,Filip,Hamza,Jordan,Leon,Milan'.split(
    ',',
  );
const FIRST_NAMES_WOMEN =
  'Alina,Anna,Beatriz,Camila,Daria,Elena,Emma,Eva,Hana,Irina,Julia,Karolina,Laura,Lea,Lucia,Maria,Marta,Mia,Nina,Olga,Paula,Sara,Sofia,Valentina,Yuki,Zoe,Chloe,Ines,Leila,Petra'.split(
    ',',
  );
const LAST_NAMES =
  'Almeida,Andersen,Bauer,Becker,Bianchi,Costa,Dimitrov,Duarte,Eriksson,Fischer,Fontaine,Garcia,Hansen,Horvat,Ivanov,Jansen,Kaminski,Kovac,Larsen,Lindqvist,Marin,Moreau,Nakamura,Novak,Okafor,Petrov,Popescu,Quintero,Rossi,Santos,Schmidt,Silva,Tanaka,Torres,Urban,Varga,Vidal,Weber,Yilmaz,Zielinski,Adeyemi,Bergstrom,Castillo,Delgado,Esposito,Ferreira,Gallo,Herrera,Jovanovic,Keller'.split(
    ',',
  );
const NATIONS =
  'Argentina,Australia,Austria,Belgium,Brazil,Canada,Chile,Colombia,Croatia,Czech Republic,Denmark,Ecuador,Egypt,England,France,Germany,Ghana,Greece,Hungary,India,Ireland,Italy,Japan,Mexico,Morocco,Netherlands,New Zealand,Nigeria,Norway,Pakistan,Paraguay,Peru,Poland,Portugal,Qatar,Romania,Saudi Arabia,Scotland,Senegal,Serbia,South Africa,South Korea,Spain,Sri Lanka,Sweden,Switzerland,Turkey,Ukraine,Uruguay,USA,Wales,West Indies'.split(
    ',',
  );

const ONE_ON_ONE = new Set([
  'tennis',
  'golf',
  'mma',
  'boxing',
  'darts',
  'snooker',
  'table_tennis',
  'badminton',
  'squash',
  'chess',
]);
const US_STYLE = new Set(['basketball', 'hockey', 'baseball', 'football', 'lacrosse', 'volleyball']);
/** Competitions between countries, not clubs. */
const NATIONAL_TEAMS =
  /World Cup|Nations|Qualifiers|Six Nations|Test Matches|One Day|T20 Internationals|Women's ODI|Women's T20I|Friendlies$|Davis Cup|Billie Jean King|United Cup|EuroBasket|AmeriCup|Asia Cup|AfroBasket|Copa America|Gold Cup|Asian Cup|African Nations|Championship$|Olympic|Rugby Championship|Autumn Internationals/;

function town(...parts: readonly (string | number)[]): string {
  return pickHash(TOWN_STARTS, ...parts, 'start') + pickHash(TOWN_ENDS, ...parts, 'end');
}

function candidateName(league: LeagueInfo, index: number): string {
  const parts = [league.id, index] as const;
  if (ONE_ON_ONE.has(league.sportId)) {
    const firstNames = league.gender === 'women' ? FIRST_NAMES_WOMEN : FIRST_NAMES;
    // Tours share their players: the name depends on the tour family, not the single event.
    return `${pickHash(firstNames, league.sportId, league.gender, index, 'first')} ${pickHash(LAST_NAMES, league.sportId, league.gender, index, 'last')}`;
  }
  if (league.regionCode === 'INT' && NATIONAL_TEAMS.test(league.name)) return pickHash(NATIONS, ...parts, 'nation');
  if (league.sportId === 'esports')
    return pickHash(ESPORTS_FORMS, ...parts, 'form').replace('{}', pickHash(ESPORTS_WORDS, ...parts, 'word'));
  if (US_STYLE.has(league.sportId)) return `${town(...parts)} ${pickHash(MASCOTS, ...parts, 'mascot')}`;
  return pickHash(CLUB_FORMS, ...parts, 'form').replace('{}', town(...parts));
}

function rosterSize(league: LeagueInfo): number {
  if (ONE_ON_ONE.has(league.sportId)) return league.sportId === 'golf' ? 60 : intHash(32, 48, 'roster', league.id);
  if (league.sportId === 'esports') return intHash(10, 16, 'roster', league.id);
  return 2 * intHash(6, 10, 'roster', league.id);
}

function abbreviation(name: string): string {
  const words = name
    .replace(/[^A-Za-z ]/g, '')
    .split(' ')
    .filter(
      (word) =>
        word.length > 2 &&
        !['Team', 'Real', 'Sporting', 'Athletic', 'Dynamo', 'Olympic', 'Racing', 'Inter'].includes(word),
    );
  const main = words[0] ?? name;
  return main.slice(0, 3).toUpperCase();
}

const cache = new Map<string, readonly Team[]>();

/** The league's competitors: unique names, stable ids, no players (game lines only). */
export function generatedTeams(league: LeagueInfo): readonly Team[] {
  const cached = cache.get(league.id);
  if (cached) return cached;
  const size = rosterSize(league);
  const names: string[] = [];
  for (let index = 0; names.length < size && index < size * 20; index++) {
    const name = candidateName(league, index);
    if (!names.includes(name)) names.push(name);
  }
  const teams = names.map((name): Team => ({
    ...teamIdentity(league.id, name),
    leagueId: league.id,
    name,
    abbreviation: abbreviation(name),
    venue: `${name.split(' ').find((word) => word.length > 3) ?? name} ${pickHash(['Arena', 'Stadium', 'Park', 'Centre', 'Ground'], league.sportId, hash32(name))}`,
    players: [],
  }));
  cache.set(league.id, teams);
  return teams;
}
