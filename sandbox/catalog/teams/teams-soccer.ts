/** England - Premier League and Spain - La Liga (2025-26 clubs and squads). */
import { midfielder, striker, team, type TeamRow } from './team-rows.ts';

export const PREMIER_LEAGUE_TEAMS: readonly TeamRow[] = [
  team('Arsenal', 'ARS', 'Emirates Stadium', [
    striker('Viktor Gyökeres'),
    midfielder('Bukayo Saka'),
    midfielder('Martin Ødegaard'),
  ]),
  team('Aston Villa', 'AVL', 'Villa Park', [striker('Ollie Watkins'), midfielder('Morgan Rogers')]),
  team('Bournemouth', 'BOU', 'Vitality Stadium', [striker('Evanilson'), midfielder('Antoine Semenyo')]),
  team('Brentford', 'BRE', 'Gtech Community Stadium', [striker('Igor Thiago'), midfielder('Mikkel Damsgaard')]),
  team('Brighton and Hove Albion', 'BHA', 'American Express Stadium', [
    striker('Danny Welbeck'),
    midfielder('Kaoru Mitoma'),
  ]),
  team('Burnley', 'BUR', 'Turf Moor', [striker('Lyle Foster'), midfielder('Zian Flemming')]),
  team('Chelsea', 'CHE', 'Stamford Bridge', [striker('João Pedro'), midfielder('Cole Palmer')]),
  team('Crystal Palace', 'CRY', 'Selhurst Park', [striker('Jean-Philippe Mateta'), midfielder('Ismaïla Sarr')]),
  team('Everton', 'EVE', 'Hill Dickinson Stadium', [midfielder('Iliman Ndiaye'), midfielder('Jack Grealish')]),
  team('Fulham', 'FUL', 'Craven Cottage', [striker('Raúl Jiménez'), midfielder('Alex Iwobi')]),
  team('Leeds United', 'LEE', 'Elland Road', [striker('Dominic Calvert-Lewin'), striker('Lukas Nmecha')]),
  team('Liverpool', 'LIV', 'Anfield', [
    striker('Alexander Isak'),
    midfielder('Mohamed Salah'),
    midfielder('Florian Wirtz'),
  ]),
  team('Manchester City', 'MCI', 'Etihad Stadium', [striker('Erling Haaland'), midfielder('Phil Foden')]),
  team('Manchester United', 'MUN', 'Old Trafford', [midfielder('Bruno Fernandes'), striker('Bryan Mbeumo')]),
  team('Newcastle United', 'NEW', "St James' Park", [striker('Nick Woltemade'), midfielder('Anthony Gordon')]),
  team('Nottingham Forest', 'NFO', 'City Ground', [striker('Chris Wood'), midfielder('Morgan Gibbs-White')]),
  team('Sunderland', 'SUN', 'Stadium of Light', [striker('Wilson Isidor'), midfielder('Enzo Le Fée')]),
  team('Tottenham Hotspur', 'TOT', 'Tottenham Hotspur Stadium', [striker('Richarlison'), midfielder('Mohammed Kudus')]),
  team('West Ham United', 'WHU', 'London Stadium', [striker('Jarrod Bowen'), midfielder('Lucas Paquetá')]),
  team('Wolverhampton Wanderers', 'WOL', 'Molineux Stadium', [
    striker('Jørgen Strand Larsen'),
    midfielder('Jhon Arias'),
  ]),
];

export const LA_LIGA_TEAMS: readonly TeamRow[] = [
  team('Athletic Club', 'ATH', 'San Mamés', [midfielder('Nico Williams'), midfielder('Oihan Sancet')]),
  team('Atlético Madrid', 'ATM', 'Riyadh Air Metropolitano', [striker('Julián Álvarez'), striker('Antoine Griezmann')]),
  team('Barcelona', 'BAR', 'Spotify Camp Nou', [
    striker('Robert Lewandowski'),
    midfielder('Lamine Yamal'),
    midfielder('Raphinha'),
  ]),
  team('Celta Vigo', 'CEL', 'Abanca-Balaídos', [striker('Iago Aspas'), striker('Borja Iglesias')]),
  team('Deportivo Alavés', 'ALA', 'Mendizorroza', [striker('Toni Martínez'), midfielder('Carlos Vicente')]),
  team('Elche', 'ELC', 'Martínez Valero', [striker('André Silva'), striker('Rafa Mir')]),
  team('Espanyol', 'ESP', 'RCDE Stadium', [striker('Roberto Fernández'), striker('Javi Puado')]),
  team('Getafe', 'GET', 'Coliseum', [striker('Borja Mayoral'), midfielder('Luis Milla')]),
  team('Girona', 'GIR', 'Montilivi', [striker('Vladyslav Vanat'), striker('Cristhian Stuani')]),
  team('Levante', 'LEV', 'Ciutat de València', [striker('Iván Romero'), striker('Etta Eyong')]),
  team('Mallorca', 'MLL', 'Son Moix', [striker('Vedat Muriqi'), midfielder('Sergi Darder')]),
  team('Osasuna', 'OSA', 'El Sadar', [striker('Ante Budimir'), midfielder('Aimar Oroz')]),
  team('Rayo Vallecano', 'RAY', 'Estadio de Vallecas', [midfielder('Jorge de Frutos'), midfielder('Álvaro García')]),
  team('Real Betis', 'BET', 'Benito Villamarín', [striker('Cucho Hernández'), midfielder('Antony')]),
  team('Real Madrid', 'RMA', 'Santiago Bernabéu', [
    striker('Kylian Mbappé'),
    midfielder('Vinícius Júnior'),
    midfielder('Jude Bellingham'),
  ]),
  team('Real Oviedo', 'OVI', 'Carlos Tartiere', [striker('Salomón Rondón'), midfielder('Santi Cazorla')]),
  team('Real Sociedad', 'RSO', 'Reale Arena', [striker('Mikel Oyarzabal'), midfielder('Takefusa Kubo')]),
  team('Sevilla', 'SEV', 'Ramón Sánchez-Pizjuán', [striker('Isaac Romero'), midfielder('Rubén Vargas')]),
  team('Valencia', 'VAL', 'Mestalla', [striker('Hugo Duro'), midfielder('Luis Rioja')]),
  team('Villarreal', 'VIL', 'Estadio de la Cerámica', [striker('Gerard Moreno'), striker('Georges Mikautadze')]),
];
