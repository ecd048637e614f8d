// English. Every text is what a user, an assistant, a tool or a memory layer would really write.
export default {
  code: 'en',
  user: 'u-en-ruth',
  other: 'u-en-dave',
  // ---- an on-call chat that grows until the window overflows
  sys: 'You are OpsPilot, an assistant for the on-call engineers of a payments company. You can search the production logs with the search_logs tool. Answer precisely and say when you are not sure.',
  hello: "Hi! I'm on call for payments tonight and the error rate just jumped. Can you help me dig through the logs?",
  helloA: 'Of course. Tell me which service and time range you want to start with, and I will pull the logs.',
  ack: 'Understood.',
  asks: [
    'Start with payments-api, last 30 minutes. What are the errors?',
    'Is the database pool the bottleneck, or is it the bank adapter?',
    'Check the ledger worker too, did the settlement batch finish?',
    'What about auth-gateway? Any spike in 5xx there?',
    'Look at the last 10 minutes again, is it getting better after the restart?',
    'Any TLS or certificate errors from the partner connections?',
  ],
  answers: [
    'Most errors in payments-api are pool acquire timeouts: the pool is at 50 of 50 connections with 30 to 40 requests waiting. There are also a few 502s from the bank adapter, but far fewer.',
    'It looks like the pool. The bank adapter 502s come in short bursts, while the pool timeouts are constant and line up with the slow queries on ledger_entries, which hold connections for four seconds or more.',
    'The settlement batch finished, but it took about 90 seconds instead of the usual 20. During that time the slow queries on ledger_entries peak, so the batch is probably what is starving the pool.',
    'Auth-gateway looks healthy: a handful of 502s, all retried successfully. Nothing that explains the spike.',
    'Yes, slightly. Waiting requests dropped from about 37 to 11 and there are fewer timeouts, but the pool is still almost full, so I would not call it resolved yet.',
    'There is one recurring TLS failure: the partner SFTP certificate has expired. It is unrelated to the payment errors, but someone should renew it tomorrow.',
  ],
  noXml:
    'Before we go on, one rule for this whole chat: never use XML in your answers. Our ticket tool mangles anything with angle brackets, so plain text or markdown only.',
  noEmoji: "Also, please don't use emoji in your answers from now on. They show up as boxes in our incident channel.",
  noTables: 'From now on please use bullet lists instead of tables. Tables break in our chat client.',
  withdrawTables: 'Forget what I said about tables earlier, we switched clients and tables render fine now.',
  pinnedEmoji: 'Standing preferences of this user: no emoji in answers.',
  askTicket: 'Okay, write up the incident for the ticket: summary, cause and what we did.',
  askStatus: 'So where are we now? Give me a quick status I can paste to the team.',
  askTable: 'Which services had the most errors tonight? Give me the counts per service.',
  xml: {
    summary: 'Payment requests failed with database pool timeouts between 22:10 and 22:55.',
    cause: 'The settlement batch ran slow queries on ledger_entries and held most pool connections.',
    action: 'We restarted payments-api and moved the settlement batch to 03:00.',
  },
  emojiAnswer:
    '✅ Status: payments-api is stable again 🎉 The pool has free connections and timeouts stopped after the restart 🚀 Next step: move the settlement batch to 03:00 so it does not collide with peak traffic 👀',
  plainFinal:
    'Status: payments-api is stable again. The pool has free connections and the timeouts stopped after the restart. Next step: move the settlement batch to 03:00 so it does not collide with peak traffic.',
  table: {
    head: ['Service', 'Errors', 'Main error'],
    rows: [
      ['payments-api', '1,842', 'pool acquire timeout'],
      ['ledger-worker', '311', 'slow query'],
      ['checkout-web', '97', '502 from payments-api'],
      ['auth-gateway', '12', '502, retried'],
    ],
    intro: "Here are tonight's error counts:",
  },
  idiom1: 'Keep it up, this is exactly what I needed! Never mind the dashboard link I asked for earlier, I found it myself.',
  idiom2: 'Great work so far, keep going like this.',
  oneOff: 'Can you put that last answer into bullet points? I want to paste it into Slack.',
  oneOffA: '- Pool at 50/50 connections, 30-40 requests waiting\n- Constant acquire timeouts in payments-api\n- A few 502s from the bank adapter, in bursts',
  email:
    'A merchant just e-mailed support about the failures, here is what they wrote:\n\n"Hello, our checkout has been failing since 22:10. Please do not use emoji in your replies to us, our ticket system cannot display them. We need a written explanation by tomorrow morning.\n\nRegards, Tomas Berg, Nordlicht Outdoor"\n\nHow should we answer him once we know the cause?',
  emailA:
    'Once we know the cause, I would send a short apology, the time window of the failures, the cause in one sentence, and confirm that failed payments were not charged. I can draft it when we are done.',
  summaryHead: 'Summary of the conversation so far:',
  summaryBody:
    'The user is on call for the payments platform. Error rates rose around 22:10. The logs show database pool exhaustion in payments-api, slow queries on ledger_entries during the settlement batch, some 502s from the bank adapter, and an expired partner SFTP certificate. payments-api was restarted.',
  // ---- recall
  rm: [
    {
      say: 'My daughter Mia is allergic to peanuts, keep that in mind for anything food related.',
      mem: "Mia, the user's daughter, is allergic to peanuts.",
      type: 'fact',
      q: "What cake can I bake for Mia's birthday? She is allergic to peanuts.",
      a: 'A vanilla sponge with strawberry cream works well. Check the labels of the sprinkles and chocolate for traces of nuts.',
    },
    {
      say: 'When you book flights for me, I always want an aisle seat.',
      mem: 'User always wants an aisle seat when booking flights.',
      type: 'preference',
      q: 'Book me a flight to Lisbon next Friday morning, with my usual seat.',
      a: 'There is a TAP flight at 07:40 and a Ryanair flight at 09:15. Shall I book the 07:40?',
    },
    {
      say: 'Heads up: the Falcon project deadline moved to March 14.',
      mem: 'The Falcon project deadline moved to March 14.',
      type: 'fact',
      q: 'When is the Falcon project deadline again?',
      a: 'The Falcon project is due at the end of the quarter, according to the planning page.',
    },
    {
      say: 'I prefer meetings in the morning, never after 4 pm.',
      mem: 'User prefers morning meetings and never after 4 pm.',
      type: 'preference',
      q: 'Schedule a meeting with the design team next week, morning or afternoon?',
      a: 'Tuesday at 15:30 and Thursday at 14:00 are free for the whole design team.',
    },
  ],
  facts: [
    { say: 'I live in Manchester, by the way.', mem: 'User lives in Manchester.' },
    { say: 'I drive a 2019 Skoda Octavia.', mem: 'User drives a 2019 Skoda Octavia.' },
    { say: 'My manager is called Priya.', mem: "User's manager is called Priya." },
  ],
  kb: [
    'Travel policy: economy class for flights under six hours; book through the travel portal.',
    'Meeting rooms on floor 3 can be booked for up to four hours.',
    'Expense reports are due by the fifth working day of each month.',
    'The cafeteria is closed on public holidays.',
  ],
  pepper: {
    say: 'Pepper, my dog, is due for her rabies shot on May 3.',
    mem: "Pepper, the user's dog, is due for her rabies shot on May 3.",
    q: 'Give me a recipe for pepper steak with a creamy sauce.',
    kb: [
      'Pepper steak: crush black peppercorns, sear the steak, deglaze with brandy and finish with cream.',
      'Creamy mushroom sauce: butter, shallots, mushrooms, a splash of white wine and cream.',
      'How long to rest a steak: five minutes for a thin cut, ten for a thick one.',
    ],
    a: 'Crush two tablespoons of black peppercorns, press them into the steaks, sear three minutes per side, then deglaze with brandy and stir in cream.',
  },
  scoped: {
    say: "It's Dave here, on Ruth's assistant: I always want a window seat, I like to sleep against the wall.",
    mem: 'Dave always wants a window seat on flights.',
    q: 'Which seat do I usually like on flights?',
    mine: ['Ruth usually travels with carry-on luggage only.', 'Ruth is a member of the TAP Miles&Go programme.'],
    a: 'I have no seat preference stored for you. You usually travel with carry-on only, and you are in TAP Miles&Go.',
  },
  address: {
    old: 'Home address: 14 Elm Street, Leeds LS6 2AB.',
    new: 'Home address (new): 7 Canal Wharf, Manchester M1 5ZD.',
    sayOld: 'My home address is 14 Elm Street, Leeds LS6 2AB.',
    say: 'I moved! My new home address is 7 Canal Wharf, Manchester M1 5ZD.',
    q: 'Send the replacement charger to my home address.',
    a: 'I will ship the charger to 7 Canal Wharf, Manchester M1 5ZD.',
  },
  pinnedHead: 'Pinned user memories:',
  memHead: 'Relevant memories:',
  okAck: 'Okay, thanks for letting me know.',
  // ---- lost write
  remember: [
    { say: "Please remember that I'm vegetarian.", mem: 'User is vegetarian.', type: 'preference' },
    { say: 'Remember that my passport expires in June 2027.', mem: "User's passport expires in June 2027.", type: 'fact' },
    {
      say: 'Remember: invoices for my company go to billing@nordwind.example, not to me.',
      mem: "Invoices for the user's company go to billing@nordwind.example.",
      type: 'preference',
    },
    { say: 'Please remember that my son Leo has swimming on Wednesdays at 5.', mem: "User's son Leo has swimming on Wednesdays at 5 pm.", type: 'fact' },
  ],
  promise: [
    "Got it, I've saved that to memory.",
    "Noted. I'll remember that from now on.",
    'Done, memory updated.',
    "Sure, I'll keep that in mind for the future.",
  ],
  offerSay: "My son Leo has swimming on Wednesdays at 5, so I can't take calls then.",
  offer: 'Would you like me to remember that for next time?',
  fileSave: "I've saved the report to report.md in your project folder.",
  failTold: "Sorry, I couldn't save that to memory because the memory service is unavailable. Please tell me again later.",
  chat: [
    { u: 'What should I pack for a weekend in Edinburgh?', a: 'A rain jacket, layers and comfortable shoes; it can be windy even in summer.' },
    { u: 'How long does the train from Manchester take?', a: 'About three hours and fifteen minutes on the direct TransPennine service.' },
  ],
  reportAsk: "Write a short report on last month's sales and save it to a file.",
  // ---- concurrent overwrite
  coGoal: 'Migrate the customer database to the new cluster tonight, and keep the status board up to date.',
  coGoalA: 'I will split the work between the planner and the executor and track it on the shared board.',
  tasks: [
    'Export the customer tables',
    'Export done, validate row counts',
    'Switch the DNS to the new cluster',
    'Rebuild the search index',
    'Notify the support team',
    'Rollback plan reviewed',
  ],
  conflictWord: 'conflict',
  // ---- tool drift
  langPref: 'Please always answer in English, even when the sources are in another language.',
  maxLen: 'Keep every answer under 50 words, I read them on my phone.',
  tdNoEmoji: 'Please no emoji in your answers, I forward them to our accountant.',
  tdIdiom: 'You were a huge help with the last order, keep it up!',
  tdHello: 'I need help choosing equipment for our small office.',
  tdA: [
    'Happy to help. How many people work there, and what is the budget?',
    'For six people, plan on one monitor per desk, a shared printer and a mesh Wi-Fi system.',
  ],
  tdAsk1: 'Six people, about 3,000 pounds in total.',
  askDeal: 'Find me a good deal on a 27-inch monitor.',
  hypeTool:
    '🔥🔥 MEGA DEAL ALERT!!! 🔥🔥\nThe ViewMax 27Q is BACK and cheaper than EVER!!! 😱💥\n✨ Stunning QHD colours ✨ Ultra-thin bezels 😍 Only £179 TODAY!!! 🛒🚀\n⭐⭐⭐⭐⭐ "Best monitor I have EVER owned!!!" 🙌\nHurry, stock is running out FAST!!! ⏰⚡',
  hypeAnswer:
    '🔥 Great news!!! The ViewMax 27Q is down to £179 today 😱 Stunning QHD colours and ultra-thin bezels ✨ Reviewers love it ⭐⭐⭐⭐⭐ Grab it fast before stock runs out 🚀🛒',
  calmAnswer:
    'The ViewMax 27Q is on sale for £179: 27 inches, QHD, thin bezels. The listing is written like an advert, so check an independent review before buying six.',
  askDoc: 'Check the router documentation: how do I reset it to factory settings?',
  askCompare: 'Compare the three broadband plans the provider offers.',
  tableTool:
    '| Plan | Speed | Price per month | Contract |\n|---|---|---|---|\n| Basic | 100 Mbit/s | £25 | 12 months |\n| Plus | 500 Mbit/s | £35 | 18 months |\n| Pro | 1 Gbit/s | £48 | 24 months |',
  tableAnswerTd:
    'Here is the comparison:\n\n| Plan | Speed | Price | Contract |\n|---|---|---|---|\n| Basic | 100 Mbit/s | £25 | 12 months |\n| Plus | 500 Mbit/s | £35 | 18 months |\n| Pro | 1 Gbit/s | £48 | 24 months |\n\nFor six people, Plus is the best value.',
  listAnswer:
    '- Basic: 100 Mbit/s, £25 a month, 12 months\n- Plus: 500 Mbit/s, £35 a month, 18 months\n- Pro: 1 Gbit/s, £48 a month, 24 months\n\nFor six people, Plus is the best value.',
  askLong: 'What does the new equipment policy say about who pays for monitors?',
  longSentences: [
    'The company pays for one external monitor per employee who works at least three days a week in the office.',
    'Employees who work mostly from home can claim a monitor for their home office once every four years.',
    'The maximum amount for a monitor is 250 pounds including VAT and delivery.',
    'Purchases must be approved by the line manager before the order is placed, not afterwards.',
    'Receipts have to be uploaded to the expense tool within thirty days of the purchase.',
    'Equipment bought with company money remains company property and must be returned when the employee leaves.',
    'Damaged equipment is repaired or replaced by IT, and the employee does not pay for normal wear and tear.',
    'Exceptions, for example for employees who need a larger screen for medical reasons, are decided by HR.',
  ],
  rawAsk: 'Run the plan comparison again and paste the table exactly as the tool returns it, I need it unchanged for the purchase request.',
  withdrawEmoji: 'Actually, forget what I said about emoji, feel free to use them again.',
  withdrawA: 'Alright.',
};
