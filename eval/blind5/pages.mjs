// Tool output for tool-drift: listing pages as a rental portal's search tool returns them, in English, the same for
// every language (written by hand for blind5).
const long = [
  'Listing 1 of 3: Bright two-room apartment in Plagwitz, Karl-Heine-Strasse. 64 square metres on the third floor of a restored 1905 building with a lift. Warm rent 890 euros per month including heating and water, plus a deposit of three months cold rent. The living room faces south onto the canal side and has original wooden floorboards, sanded and oiled last year. The bedroom faces the quiet courtyard. The kitchen is not fitted; the previous tenant is willing to sell theirs for 1,200 euros. The bathroom has a window, a bathtub and a washing machine connection. A small balcony of four square metres opens from the living room. Tram lines 14 and 3 stop two minutes away at Felsenkeller. Supermarket, bakery and pharmacy within five minutes on foot. Available from 1 April. Non-smokers preferred; small pets by arrangement. Energy certificate: consumption, 118 kWh per square metre per year, district heating.',
  'Listing 2 of 3: Renovated two-room flat in Connewitz, near Connewitzer Kreuz. 58 square metres on the fourth floor, no lift. Warm rent 920 euros including heating; electricity is paid separately to the provider of your choice. New bathroom with a walk-in shower, completed in 2025. Laminate floors throughout, new double-glazed windows, gas central heating with a condensing boiler. The living room has a bay window over the street, which can be busy on weekend nights because of the bars nearby. Cellar compartment included. Bicycle room in the courtyard. Trams 9, 10 and 11 stop at Connewitz Kreuz, about five minutes away. Viewing appointments on Tuesdays and Thursdays after 17:00. The landlord asks for proof of income, a SCHUFA credit report and a rent debt-free certificate from your current landlord.',
  'Listing 3 of 3: Two-room apartment with fitted kitchen in Lindenau, Merseburger Strasse. 61 square metres on the second floor, warm rent 960 euros. The fitted kitchen comes with a dishwasher, oven, four-plate induction hob and fridge-freezer. Parquet in both rooms, storage room off the hallway, separate toilet. The building has a shared garden with raised beds that tenants can use. Pets are allowed after a short conversation with the landlord. Trams 7 and 15 stop four minutes away. The apartment faces west, so the evenings are sunny in the living room. Available from 15 March, earlier handover possible. Minimum rental period of one year. Heating by district heating, energy consumption 132 kWh per square metre per year. Please apply through the portal with a short introduction about yourself and your household.',
].join('\n\n');

const table = [
  'Search results: 3 apartments match (Leipzig, 2 rooms, max 950 EUR warm)',
  '',
  '| District | Street | Size | Warm rent | Floor | Lift | Balcony | Tram stop | Available |',
  '|---|---|---|---|---|---|---|---|---|',
  '| Plagwitz | Karl-Heine-Str. | 64 m2 | 890 EUR | 3 | yes | yes | Felsenkeller, 2 min | 1 Apr |',
  '| Connewitz | Wolfgang-Heinze-Str. | 58 m2 | 920 EUR | 4 | no | no | Connewitz Kreuz, 5 min | 1 Apr |',
  '| Lindenau | Merseburger Str. | 61 m2 | 960 EUR | 2 | no | no | Lindenauer Markt, 4 min | 15 Mar |',
  '| Gohlis | Georg-Schumann-Str. | 55 m2 | 870 EUR | 1 | no | yes | Gohlis Nord, 3 min | 1 May |',
].join('\n');

const emoji = [
  '🏡✨ YOUR DREAM HOME IN PLAGWITZ IS WAITING!!! ✨🏡',
  '🔥🔥 Just listed: 2 rooms, 64 m² of pure sunshine ☀️☀️ for only 890 € warm 😍',
  '🌿 Cozy balcony for your morning coffee ☕ | 🚋 tram right at your doorstep | 🛒 shops around the corner',
  '💯 Freshly oiled floorboards 🪵, big windows 🪟, canal views 🌊',
  '⏰ Viewings are filling up FAST!!! Book now 👉📅 and do not miss out 🚀🚀',
  '🐶🐱 Small pets welcome! 💕 #Leipzig #Plagwitz #NewHome 🎉',
].join('\n');

const markdown = [
  '# Renting in Leipzig: the 2026 guide',
  '',
  '## 1. Before the viewing',
  '- **Documents**: proof of income, SCHUFA report, rent debt-free certificate',
  '- **Budget**: warm rent should stay under a third of your net income',
  '',
  '## 2. Best matches for you',
  '### Plagwitz, Karl-Heine-Strasse',
  '- **64 m²**, **890 EUR warm**, 3rd floor, lift',
  '- Balcony, tram 14 at *Felsenkeller* (2 min)',
  '',
  '### Connewitz, near the Kreuz',
  '- **58 m²**, **920 EUR warm**, 4th floor, *no lift*',
  '',
  '## 3. Tips',
  '> Apply within 24 hours of the viewing: good flats go quickly.',
].join('\n');

export const TD_PAGES = { long, table, emoji, markdown };
