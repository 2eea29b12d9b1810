/**
 * Soccer leagues by country (and confederation), as `Country|CODE|Time/Zone|League,League,...`.
 * A trailing `*` marks a league with games (listed by /leagues/active), `(W)` a women's league.
 * Real names for the well-known leagues; countries given without leagues get a generated set
 * (see catalog-realistic.ts). League names are `<Country> - <League>`, e.g. `England - Championship`.
 */
export const SOCCER_COUNTRIES = `
England|EN|Europe/London|Premier League*,Championship*,League One*,League Two*,National League*,FA Cup*,EFL Cup*,Women's Super League*(W),National League North*,National League South*,FA Trophy,Premier League 2,Women's Championship(W),EFL Trophy*,Isthmian League,Northern Premier League,Southern League,Community Shield
Spain|ES|Europe/Madrid|La Liga*,Segunda Division*,Primera Federacion*,Copa del Rey*,Liga F*(W),Segunda Federacion,Tercera Federacion,Supercopa,Division de Honor Juvenil,Liga F Segunda(W)
Germany|DE|Europe/Berlin|Bundesliga*,2. Bundesliga*,3. Liga*,DFB Pokal*,Frauen-Bundesliga*(W),Regionalliga West,Regionalliga Nord,Regionalliga Bayern,Regionalliga Nordost,Regionalliga Sudwest,Supercup,2. Frauen-Bundesliga(W),U19 Bundesliga
Italy|IT|Europe/Rome|Serie A*,Serie B*,Serie C*,Coppa Italia*,Serie A Women*(W),Supercoppa,Primavera 1,Serie D,Coppa Italia Serie C
France|FR|Europe/Paris|Ligue 1*,Ligue 2*,National*,Coupe de France*,Premiere Ligue*(W),National 2,National 3,Trophee des Champions,Seconde Ligue(W)
Netherlands|NL|Europe/Amsterdam|Eredivisie*,Eerste Divisie*,KNVB Beker*,Vrouwen Eredivisie*(W),Tweede Divisie,Johan Cruijff Schaal
Portugal|PT|Europe/Lisbon|Primeira Liga*,Liga Portugal 2*,Taca de Portugal*,Taca da Liga*,Liga 3,Campeonato de Portugal,Liga BPI(W),Supertaca
Scotland|SC|Europe/London|Premiership*,Championship*,League One*,League Two*,Scottish Cup*,League Cup,Women's Premier League(W),Challenge Cup
Belgium|BE|Europe/Brussels|Pro League*,Challenger Pro League*,Belgian Cup*,Super League Women(W),National Division 1,Super Cup
Turkey|TR|Europe/Istanbul|Super Lig*,1. Lig*,Turkish Cup*,2. Lig,Super Kupa,Women's Super League(W)
USA|US|America/New_York|Major League Soccer*,USL Championship*,USL League One*,NWSL*(W),US Open Cup*,MLS Next Pro*,USL Super League(W),NISA,USL League Two
Mexico|MX|America/Mexico_City|Liga MX*,Liga de Expansion MX*,Liga MX Femenil*(W),Copa MX,Liga Premier,Campeon de Campeones
Brazil|BR|America/Sao_Paulo|Brasileirao Serie A*,Brasileirao Serie B*,Brasileirao Serie C*,Copa do Brasil*,Brasileirao Feminino*(W),Serie D,Campeonato Paulista,Campeonato Carioca,Campeonato Mineiro,Campeonato Gaucho,Copa do Nordeste,Supercopa do Brasil
Argentina|AR|America/Argentina/Buenos_Aires|Liga Profesional*,Primera Nacional*,Copa Argentina*,Primera B Metropolitana*,Copa de la Liga,Torneo Federal A,Primera C,Supercopa
Austria|AT|Europe/Vienna|Bundesliga*,2. Liga*,OFB Cup*,Regionalliga,Frauen Bundesliga(W)
Switzerland|CH|Europe/Zurich|Super League*,Challenge League*,Swiss Cup*,Promotion League,Women's Super League(W)
Denmark|DK|Europe/Copenhagen|Superliga*,1st Division*,DBU Pokalen*,2nd Division,Kvindeligaen(W)
Norway|NO|Europe/Oslo|Eliteserien*,OBOS-ligaen*,NM Cup,PostNord-ligaen,Toppserien(W)
Sweden|SE|Europe/Stockholm|Allsvenskan*,Superettan*,Svenska Cupen,Ettan,Damallsvenskan(W)
Finland|FI|Europe/Helsinki|Veikkausliiga*,Ykkosliiga*,Suomen Cup,Kansallinen Liiga(W)
Poland|PL|Europe/Warsaw|Ekstraklasa*,I Liga*,II Liga*,Puchar Polski*,Ekstraliga Kobiet(W),III Liga
Czech Republic|CZ|Europe/Prague|First League*,FNL*,MOL Cup*,CFL,Women's First League(W)
Slovakia|SK|Europe/Bratislava|Nike Liga*,2. Liga*,Slovnaft Cup
Hungary|HU|Europe/Budapest|NB I*,NB II*,Magyar Kupa
Romania|RO|Europe/Bucharest|Liga I*,Liga II*,Cupa Romaniei*,Liga III
Bulgaria|BG|Europe/Sofia|Parva Liga*,Vtora Liga*,Bulgarian Cup
Serbia|RS|Europe/Belgrade|Super Liga*,Prva Liga*,Serbian Cup
Croatia|HR|Europe/Zagreb|HNL*,Prva NL*,Croatian Cup
Slovenia|SI|Europe/Ljubljana|PrvaLiga*,2. SNL,Slovenian Cup
Greece|GR|Europe/Athens|Super League*,Super League 2*,Greek Cup*,Gamma Ethniki
Cyprus|CY|Asia/Nicosia|First Division*,Second Division,Cypriot Cup
Israel|IL|Asia/Jerusalem|Premier League*,Liga Leumit*,State Cup,Toto Cup
Ukraine|UA|Europe/Kyiv|Premier League*,Persha Liga*,Ukrainian Cup
Russia|RU|Europe/Moscow|Premier League*,First League*,Russian Cup*,Second League
Ireland|IE|Europe/Dublin|Premier Division*,First Division*,FAI Cup,Women's Premier Division(W)
Northern Ireland|NIR|Europe/London|Premiership*,Championship,Irish Cup,League Cup
Wales|WA|Europe/London|Cymru Premier*,Cymru North,Cymru South,Welsh Cup
Iceland|IS|Atlantic/Reykjavik|Besta deild*,1. deild,Icelandic Cup,Besta deild kvenna(W)
Chile|CL|America/Santiago|Primera Division*,Primera B*,Copa Chile
Colombia|CO|America/Bogota|Primera A*,Primera B*,Copa Colombia*,Liga Femenina(W)
Peru|PE|America/Lima|Liga 1*,Liga 2,Copa Bicentenario
Ecuador|EC|America/Guayaquil|Liga Pro*,Serie B,Copa Ecuador
Uruguay|UY|America/Montevideo|Primera Division*,Segunda Division,Copa AUF
Paraguay|PY|America/Asuncion|Primera Division*,Intermedia,Copa Paraguay
Bolivia|BO|America/La_Paz|Division Profesional*,Copa Bolivia
Venezuela|VE|America/Caracas|Liga FUTVE*,Liga FUTVE 2
Costa Rica|CR|America/Costa_Rica|Primera Division*,Liga de Ascenso
Honduras|HN|America/Tegucigalpa|Liga Nacional*,Liga de Ascenso
Guatemala|GT|America/Guatemala|Liga Nacional*,Primera Division
El Salvador|SV|America/El_Salvador|Primera Division*
Panama|PA|America/Panama|LPF*
Canada|CA|America/Toronto|Canadian Premier League*,Canadian Championship,Northern Super League(W)
Japan|JP|Asia/Tokyo|J1 League*,J2 League*,J3 League*,Emperor's Cup*,J.League Cup*,WE League(W)
South Korea|KR|Asia/Seoul|K League 1*,K League 2*,Korean FA Cup,WK League(W)
China|CN|Asia/Shanghai|Super League*,League One*,FA Cup,League Two
Australia|AU|Australia/Sydney|A-League Men*,A-League Women*(W),Australia Cup,NPL Victoria,NPL NSW
Saudi Arabia|SA|Asia/Riyadh|Pro League*,First Division League*,King's Cup*,Super Cup
United Arab Emirates|AE|Asia/Dubai|Pro League*,First Division,President's Cup,League Cup
Qatar|QA|Asia/Qatar|Stars League*,Second Division,Emir Cup
Iran|IR|Asia/Tehran|Persian Gulf Pro League*,Azadegan League,Hazfi Cup
India|IN|Asia/Kolkata|Indian Super League*,I-League*,Durand Cup,Super Cup
Thailand|TH|Asia/Bangkok|Thai League 1*,Thai League 2,FA Cup
Vietnam|VN|Asia/Ho_Chi_Minh|V.League 1*,V.League 2
Indonesia|ID|Asia/Jakarta|Liga 1*,Liga 2
Malaysia|MY|Asia/Kuala_Lumpur|Super League*,FA Cup
Egypt|EG|Africa/Cairo|Premier League*,Egypt Cup,Second Division
Morocco|MA|Africa/Casablanca|Botola Pro*,Botola 2,Throne Cup
Algeria|DZ|Africa/Algiers|Ligue 1*,Ligue 2
Tunisia|TN|Africa/Tunis|Ligue 1*,Ligue 2
South Africa|ZA|Africa/Johannesburg|Premiership*,Motsepe Foundation Championship,Nedbank Cup,Carling Knockout
Nigeria|NG|Africa/Lagos|NPFL*,Federation Cup
Ghana|GH|Africa/Accra|Premier League*,Division One
Kenya|KE|Africa/Nairobi|Premier League*
New Zealand|NZ|Pacific/Auckland|National League*,Chatham Cup
UEFA|EU|Europe/Paris|Champions League*,Europa League*,Conference League*,Nations League,European Championship,European Championship Qualifiers,Women's Champions League*(W),Youth League*,U21 Championship Qualifiers,Super Cup,Women's Nations League(W)
CONMEBOL|SAM|America/Sao_Paulo|Copa Libertadores*,Copa Sudamericana*,Copa America,Recopa Sudamericana,World Cup Qualifiers,Libertadores Femenina(W)
CONCACAF|NAM|America/New_York|Champions Cup*,Leagues Cup*,Gold Cup,Nations League,Central American Cup*,W Gold Cup(W)
AFC|ASI|Asia/Riyadh|Champions League Elite*,Champions League Two*,Asian Cup,World Cup Qualifiers,Challenge League
CAF|AFR|Africa/Cairo|Champions League*,Confederation Cup*,Africa Cup of Nations,World Cup Qualifiers,African Nations Championship
FIFA|INT|Europe/Zurich|World Cup,Club World Cup,Women's World Cup(W),U20 World Cup,U17 World Cup,Intercontinental Cup
International|INT|Europe/London|Friendlies*,Club Friendlies*,Women's Friendlies(W)
OFC|OCE|Pacific/Auckland|Champions League,Nations Cup
Estonia|EE|Europe/Tallinn
Latvia|LV|Europe/Riga
Lithuania|LT|Europe/Vilnius
Belarus|BY|Europe/Minsk
Moldova|MD|Europe/Chisinau
Georgia|GE|Asia/Tbilisi
Armenia|AM|Asia/Yerevan
Azerbaijan|AZ|Asia/Baku
Kazakhstan|KZ|Asia/Almaty
Uzbekistan|UZ|Asia/Tashkent
Kyrgyzstan|KG|Asia/Bishkek
Tajikistan|TJ|Asia/Dushanbe
North Macedonia|MK|Europe/Skopje
Albania|AL|Europe/Tirane
Montenegro|ME|Europe/Podgorica
Bosnia and Herzegovina|BA|Europe/Sarajevo
Kosovo|XK|Europe/Belgrade
Luxembourg|LU|Europe/Luxembourg
Malta|MT|Europe/Malta
Faroe Islands|FO|Atlantic/Faroe
Andorra|AD|Europe/Andorra
San Marino|SM|Europe/San_Marino
Gibraltar|GI|Europe/Gibraltar
Jamaica|JM|America/Jamaica
Trinidad and Tobago|TT|America/Port_of_Spain
Dominican Republic|DO|America/Santo_Domingo
Nicaragua|NI|America/Managua
Haiti|HT|America/Port-au-Prince
Iraq|IQ|Asia/Baghdad
Jordan|JO|Asia/Amman
Kuwait|KW|Asia/Kuwait
Bahrain|BH|Asia/Bahrain
Oman|OM|Asia/Muscat
Lebanon|LB|Asia/Beirut
Syria|SY|Asia/Damascus
Palestine|PS|Asia/Hebron
Singapore|SG|Asia/Singapore
Hong Kong|HK|Asia/Hong_Kong
Philippines|PH|Asia/Manila
Myanmar|MM|Asia/Yangon
Cambodia|KH|Asia/Phnom_Penh
Bangladesh|BD|Asia/Dhaka
Nepal|NP|Asia/Kathmandu
Ethiopia|ET|Africa/Addis_Ababa
Tanzania|TZ|Africa/Dar_es_Salaam
Uganda|UG|Africa/Kampala
Zambia|ZM|Africa/Lusaka
Zimbabwe|ZW|Africa/Harare
Cameroon|CM|Africa/Douala
Ivory Coast|CI|Africa/Abidjan
Senegal|SN|Africa/Dakar
Rwanda|RW|Africa/Kigali
Angola|AO|Africa/Luanda
Mali|ML|Africa/Bamako
Burkina Faso|BF|Africa/Ouagadougou
Botswana|BW|Africa/Gaborone
Libya|LY|Africa/Tripoli
Sudan|SD|Africa/Khartoum
`;

/** Names a generated country's leagues get, most prominent first. */
export const GENERATED_SOCCER_TIERS: readonly string[] = [
  'Premier League',
  'First Division',
  'Cup',
  "Women's League(W)",
  'Second Division',
  'Super Cup',
  'U21 League',
  'Reserve League',
];
