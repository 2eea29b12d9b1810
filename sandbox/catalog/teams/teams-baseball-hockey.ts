/** MLB and NHL (full leagues, 2025 rosters): two bats and a starter per club, two skaters per team. */
import { batter, defenceman, pitcher, skater, team, type TeamRow } from './team-rows.ts';

export const MLB_TEAMS: readonly TeamRow[] = [
  team('Arizona Diamondbacks', 'ARI', 'Chase Field', [
    batter('Ketel Marte'),
    batter('Corbin Carroll'),
    pitcher('Zac Gallen'),
  ]),
  team('Athletics', 'ATH', 'Sutter Health Park', [
    batter('Brent Rooker'),
    batter('Nick Kurtz'),
    pitcher('Luis Severino'),
  ]),
  team('Atlanta Braves', 'ATL', 'Truist Park', [
    batter('Ronald Acuña Jr.'),
    batter('Matt Olson'),
    pitcher('Chris Sale'),
  ]),
  team('Baltimore Orioles', 'BAL', 'Oriole Park at Camden Yards', [
    batter('Gunnar Henderson'),
    batter('Adley Rutschman'),
    pitcher('Trevor Rogers'),
  ]),
  team('Boston Red Sox', 'BOS', 'Fenway Park', [
    batter('Jarren Duran'),
    batter('Roman Anthony'),
    pitcher('Garrett Crochet'),
  ]),
  team('Chicago Cubs', 'CHC', 'Wrigley Field', [
    batter('Pete Crow-Armstrong'),
    batter('Seiya Suzuki'),
    pitcher('Shota Imanaga'),
  ]),
  team('Chicago White Sox', 'CWS', 'Rate Field', [
    batter('Luis Robert Jr.'),
    batter('Andrew Benintendi'),
    pitcher('Shane Smith'),
  ]),
  team('Cincinnati Reds', 'CIN', 'Great American Ball Park', [
    batter('Elly De La Cruz'),
    batter('TJ Friedl'),
    pitcher('Hunter Greene'),
  ]),
  team('Cleveland Guardians', 'CLE', 'Progressive Field', [
    batter('José Ramírez'),
    batter('Steven Kwan'),
    pitcher('Tanner Bibee'),
  ]),
  team('Colorado Rockies', 'COL', 'Coors Field', [
    batter('Hunter Goodman'),
    batter('Ezequiel Tovar'),
    pitcher('Kyle Freeland'),
  ]),
  team('Detroit Tigers', 'DET', 'Comerica Park', [
    batter('Riley Greene'),
    batter('Spencer Torkelson'),
    pitcher('Tarik Skubal'),
  ]),
  team('Houston Astros', 'HOU', 'Daikin Park', [
    batter('Jose Altuve'),
    batter('Yordan Alvarez'),
    pitcher('Hunter Brown'),
  ]),
  team('Kansas City Royals', 'KC', 'Kauffman Stadium', [
    batter('Bobby Witt Jr.'),
    batter('Vinnie Pasquantino'),
    pitcher('Cole Ragans'),
  ]),
  team('Los Angeles Angels', 'LAA', 'Angel Stadium', [
    batter('Mike Trout'),
    batter('Zach Neto'),
    pitcher('Yusei Kikuchi'),
  ]),
  team('Los Angeles Dodgers', 'LAD', 'Dodger Stadium', [
    batter('Shohei Ohtani'),
    batter('Mookie Betts'),
    pitcher('Yoshinobu Yamamoto'),
  ]),
  team('Miami Marlins', 'MIA', 'loanDepot park', [
    batter('Kyle Stowers'),
    batter('Xavier Edwards'),
    pitcher('Sandy Alcantara'),
  ]),
  team('Milwaukee Brewers', 'MIL', 'American Family Field', [
    batter('Christian Yelich'),
    batter('Jackson Chourio'),
    pitcher('Freddy Peralta'),
  ]),
  team('Minnesota Twins', 'MIN', 'Target Field', [batter('Byron Buxton'), batter('Royce Lewis'), pitcher('Joe Ryan')]),
  team('New York Mets', 'NYM', 'Citi Field', [batter('Juan Soto'), batter('Francisco Lindor'), pitcher('Kodai Senga')]),
  team('New York Yankees', 'NYY', 'Yankee Stadium', [
    batter('Aaron Judge'),
    batter('Cody Bellinger'),
    pitcher('Max Fried'),
  ]),
  team('Philadelphia Phillies', 'PHI', 'Citizens Bank Park', [
    batter('Bryce Harper'),
    batter('J.T. Realmuto'),
    pitcher('Cristopher Sánchez'),
  ]),
  team('Pittsburgh Pirates', 'PIT', 'PNC Park', [
    batter('Oneil Cruz'),
    batter('Bryan Reynolds'),
    pitcher('Paul Skenes'),
  ]),
  team('San Diego Padres', 'SD', 'Petco Park', [
    batter('Manny Machado'),
    batter('Fernando Tatis Jr.'),
    pitcher('Dylan Cease'),
  ]),
  team('San Francisco Giants', 'SF', 'Oracle Park', [
    batter('Rafael Devers'),
    batter('Matt Chapman'),
    pitcher('Logan Webb'),
  ]),
  team('Seattle Mariners', 'SEA', 'T-Mobile Park', [
    batter('Cal Raleigh'),
    batter('Julio Rodríguez'),
    pitcher('Logan Gilbert'),
  ]),
  team('St. Louis Cardinals', 'STL', 'Busch Stadium', [
    batter('Alec Burleson'),
    batter('Nolan Arenado'),
    pitcher('Sonny Gray'),
  ]),
  team('Tampa Bay Rays', 'TB', 'George M. Steinbrenner Field', [
    batter('Junior Caminero'),
    batter('Yandy Díaz'),
    pitcher('Drew Rasmussen'),
  ]),
  team('Texas Rangers', 'TEX', 'Globe Life Field', [
    batter('Corey Seager'),
    batter('Wyatt Langford'),
    pitcher('Jacob deGrom'),
  ]),
  team('Toronto Blue Jays', 'TOR', 'Rogers Centre', [
    batter('Vladimir Guerrero Jr.'),
    batter('Bo Bichette'),
    pitcher('Kevin Gausman'),
  ]),
  team('Washington Nationals', 'WSH', 'Nationals Park', [
    batter('James Wood'),
    batter('CJ Abrams'),
    pitcher('MacKenzie Gore'),
  ]),
];

export const NHL_TEAMS: readonly TeamRow[] = [
  team('Anaheim Ducks', 'ANA', 'Honda Center', [skater('Leo Carlsson'), skater('Troy Terry')]),
  team('Boston Bruins', 'BOS', 'TD Garden', [skater('David Pastrňák'), skater('Morgan Geekie')]),
  team('Buffalo Sabres', 'BUF', 'KeyBank Center', [skater('Tage Thompson'), defenceman('Rasmus Dahlin')]),
  team('Calgary Flames', 'CGY', 'Scotiabank Saddledome', [skater('Nazem Kadri'), skater('Jonathan Huberdeau')]),
  team('Carolina Hurricanes', 'CAR', 'Lenovo Center', [skater('Sebastian Aho'), skater('Seth Jarvis')]),
  team('Chicago Blackhawks', 'CHI', 'United Center', [skater('Connor Bedard'), skater('Frank Nazar')]),
  team('Colorado Avalanche', 'COL', 'Ball Arena', [skater('Nathan MacKinnon'), defenceman('Cale Makar')]),
  team('Columbus Blue Jackets', 'CBJ', 'Nationwide Arena', [skater('Kirill Marchenko'), defenceman('Zach Werenski')]),
  team('Dallas Stars', 'DAL', 'American Airlines Center', [skater('Jason Robertson'), skater('Mikko Rantanen')]),
  team('Detroit Red Wings', 'DET', 'Little Caesars Arena', [skater('Dylan Larkin'), skater('Lucas Raymond')]),
  team('Edmonton Oilers', 'EDM', 'Rogers Place', [skater('Connor McDavid'), skater('Leon Draisaitl')]),
  team('Florida Panthers', 'FLA', 'Amerant Bank Arena', [skater('Sam Reinhart'), skater('Carter Verhaeghe')]),
  team('Los Angeles Kings', 'LAK', 'Crypto.com Arena', [skater('Adrian Kempe'), skater('Kevin Fiala')]),
  team('Minnesota Wild', 'MIN', 'Grand Casino Arena', [skater('Kirill Kaprizov'), skater('Matt Boldy')]),
  team('Montreal Canadiens', 'MTL', 'Bell Centre', [skater('Nick Suzuki'), skater('Cole Caufield')]),
  team('Nashville Predators', 'NSH', 'Bridgestone Arena', [skater('Filip Forsberg'), skater('Steven Stamkos')]),
  team('New Jersey Devils', 'NJD', 'Prudential Center', [skater('Jack Hughes'), skater('Jesper Bratt')]),
  team('New York Islanders', 'NYI', 'UBS Arena', [skater('Bo Horvat'), skater('Mathew Barzal')]),
  team('New York Rangers', 'NYR', 'Madison Square Garden', [skater('Artemi Panarin'), skater('Mika Zibanejad')]),
  team('Ottawa Senators', 'OTT', 'Canadian Tire Centre', [skater('Brady Tkachuk'), skater('Tim Stützle')]),
  team('Philadelphia Flyers', 'PHI', 'Xfinity Mobile Arena', [skater('Travis Konecny'), skater('Trevor Zegras')]),
  team('Pittsburgh Penguins', 'PIT', 'PPG Paints Arena', [skater('Sidney Crosby'), skater('Evgeni Malkin')]),
  team('San Jose Sharks', 'SJS', 'SAP Center', [skater('Macklin Celebrini'), skater('Will Smith')]),
  team('Seattle Kraken', 'SEA', 'Climate Pledge Arena', [skater('Jared McCann'), skater('Jordan Eberle')]),
  team('St. Louis Blues', 'STL', 'Enterprise Center', [skater('Robert Thomas'), skater('Jordan Kyrou')]),
  team('Tampa Bay Lightning', 'TBL', 'Benchmark International Arena', [
    skater('Nikita Kucherov'),
    skater('Brayden Point'),
  ]),
  team('Toronto Maple Leafs', 'TOR', 'Scotiabank Arena', [skater('Auston Matthews'), skater('William Nylander')]),
  team('Utah Mammoth', 'UTA', 'Delta Center', [skater('Clayton Keller'), skater('Dylan Guenther')]),
  team('Vancouver Canucks', 'VAN', 'Rogers Arena', [defenceman('Quinn Hughes'), skater('Elias Pettersson')]),
  team('Vegas Golden Knights', 'VGK', 'T-Mobile Arena', [skater('Jack Eichel'), skater('Mitch Marner')]),
  team('Washington Capitals', 'WSH', 'Capital One Arena', [skater('Alex Ovechkin'), skater('Dylan Strome')]),
  team('Winnipeg Jets', 'WPG', 'Canada Life Centre', [skater('Kyle Connor'), skater('Mark Scheifele')]),
];
