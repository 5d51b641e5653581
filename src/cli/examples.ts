/**
 * Examples for every command's --help, by the path it is typed with: one
 * place, so none is left without, and docs/cli.md shows the same ones. A
 * short form (`status`) shows its noun's (`call show`).
 */
export const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  'robot add': [
    'robot-tray robot add "Invoice sync" --base-url https://robots.example.com',
    'robot-tray robot add "Invoice sync" --base-url https://robots.example.com --token-stdin < token.txt',
  ],
  'robot edit': [
    'robot-tray robot edit "Invoice sync" --name "Invoices"',
    'robot-tray robot edit "Invoice sync" --no-send-token-on-query --watch-minutes 60',
    'robot-tray robot edit Lab --accept-cert AB:CD:… --confirm-trust   # the fingerprint doctor showed',
  ],
  'robot list': ['robot-tray robot list', 'robot-tray robot list --json'],
  'robot remove': [
    'robot-tray robot remove "Invoice sync"      # its presets and token go too; its calls stay',
  ],
  'token set': [
    'robot-tray token set "Invoice sync"             # a hidden prompt on a terminal',
    'robot-tray token set "Invoice sync" < token.txt',
  ],
  'token clear': ['robot-tray token clear "Invoice sync"'],
  'token move': [
    'robot-tray token move "Invoice sync"            # after its base URL moved to another host',
  ],
  'token status': ['robot-tray token status "Invoice sync"'],
  'preset add': [
    'robot-tray preset add "Invoice sync" --name "Rush order" --arg customer=C-17 --arg rush:=true',
    'robot-tray preset add "Invoice sync" --name "One customer" --args \'{"customer":{"$field":"customerId"}}\' \\\n' +
      '    --fields \'[{"name":"customerId","type":"text","required":true}]\'',
  ],
  'preset edit': [
    'robot-tray preset edit "Invoice sync" "Rush order" --arg amount:=20 --unset-arg note',
    'robot-tray preset edit "Invoice sync" "Rush order" --name "Rush" --tray',
  ],
  'preset list': ['robot-tray preset list', 'robot-tray preset list "Invoice sync" --json'],
  'preset show': [
    'robot-tray preset show "Invoice sync" "One customer"   # its arguments and fields in full',
  ],
  'preset remove': ['robot-tray preset remove "Invoice sync" "Rush order"'],
  fire: [
    'robot-tray fire "Invoice sync" --arg customer=C-17 --arg amount:=12.5',
    'robot-tray fire "Invoice sync" --preset "Rush order" --wait --timeout 120',
    'robot-tray fire "Invoice sync" --preset "One customer" --field customerId=123',
    'robot-tray fire Refunds --preset Refund --field customerId=123 --field pin=@- < pin.txt',
  ],
  stats: [
    'robot-tray stats                                   # every robot, the last 7 days',
    'robot-tray stats "Invoice sync" --since 30d',
    'robot-tray stats "Invoice sync" --preset "Rush order" --json',
  ],
  batch: [
    'robot-tray batch "Invoice sync" --preset "One customer" --rows customers.csv',
    'robot-tray batch "Invoice sync" --preset Resync --rows - --concurrency 8 --pick response.invoiceId --out results.csv < rows.jsonl',
    'robot-tray batch Refunds --preset Refund --rows refunds.csv --field-env pin=REFUND_PIN --dry-run',
  ],
  'batch list': ['robot-tray batch list'],
  'batch show': ['robot-tray batch show 3f2a9c1e --pick response.invoiceId --out results.jsonl'],
  'batch pause': ['robot-tray batch pause 3f2a9c1e          # rows in flight run to their end'],
  'batch resume': ['robot-tray batch resume 3f2a9c1e --field-env pin=REFUND_PIN'],
  'batch stop': ['robot-tray batch stop 3f2a9c1e'],
  'batch again': [
    'robot-tray batch again 3f2a9c1e                 # its failed and unknown rows, as a new batch',
    'robot-tray batch again 3f2a9c1e --rows 3,7,12-20 --field-env pin=REFUND_PIN',
  ],
  'call list': [
    'robot-tray call list',
    'robot-tray call list --robot "Invoice sync" --state failed --limit 20',
  ],
  'call show': [
    'robot-tray call show 3f2a9c1e',
    'robot-tray call show 3f2a9c1e --wait --output response.json',
    'robot-tray call show failed-run.json           # a saved call, read only',
  ],
  'call stop': ['robot-tray call stop 3f2a9c1e               # call show 3f2a9c1e --wait resumes it'],
  'call forget': ['robot-tray call forget 3f2a9c1e'],
  'call refire': [
    'robot-tray call refire 3f2a9c1e --wait',
    'robot-tray call refire 3f2a9c1e --arg amount:=20 --unset-arg rush',
    'robot-tray call refire 3f2a9c1e --field customerPin=@- < pin.txt   # a secret field is given again',
  ],
  'call diff': [
    'robot-tray call diff 3f2a9c1e 7b01d2aa',
    'robot-tray call diff failed-run.json 7b01d2aa --json',
  ],
  'call report': [
    'robot-tray call report 3f2a9c1e               # Markdown for a ticket, never the token',
    'robot-tray call report 3f2a9c1e --output report.md',
  ],
  'call save': [
    'robot-tray call save 3f2a9c1e failed-run.json',
    'robot-tray call show failed-run.json           # on the other desk: read only',
  ],
  'call curl': [
    'robot-tray call curl 3f2a9c1e               # the request that call sent: its URL, method and arguments',
  ],
  curl: [
    'ROBOT_TOKEN=... sh -c "$(robot-tray curl "Invoice sync" --arg customer=C-17)"',
    'robot-tray curl 3f2a9c1e                    # the request that call sent',
  ],
  'link create': ['robot-tray link create "Order sync" --preset Refund --field customerId=123'],
  'link show': ["robot-tray link show 'robot-tray://fire?robot=Order%20sync&preset=Refund&customerId=123'"],
  doctor: [
    'robot-tray doctor                           # every robot',
    'robot-tray doctor "Invoice sync" --json',
  ],
  settings: [
    'robot-tray settings',
    'robot-tray history set --max-size "2 GiB"     # change the history limits',
    'robot-tray network set --proxy-mode env --confirm-trust   # change how robots are reached',
  ],
  'network show': ['robot-tray network show', 'robot-tray network show --json'],
  'network set': [
    'robot-tray network set --proxy-mode manual --proxy-url http://proxy.corp:3128 --proxy-user jdoe --confirm-trust',
    'robot-tray network set --proxy-password-stdin < proxy-password.txt',
    'robot-tray network set --ca-file /etc/ssl/corp-root.pem --confirm-trust   # names what it trusts',
  ],
  'history show': ['robot-tray history show'],
  'history set': ['robot-tray history set --max-calls 20000 --max-size "2 GiB" --max-response "100 MiB"'],
  export: ['robot-tray export robots.json', 'robot-tray export - --robot "Invoice sync" > invoice-sync.json'],
  import: [
    'robot-tray import robots.json --dry-run     # what would be added, replaced or skipped',
    'robot-tray import robots.json --skip-existing',
  ],
  'team follow': ['robot-tray team follow /mnt/shared/robots/team-catalog.json'],
  'team stop': ['robot-tray team stop'],
  'team copy': ['robot-tray team copy Billing               # a copy of your own, to edit'],
  'team status': ['robot-tray team status'],
  warnings: ['robot-tray warnings', 'robot-tray warnings --json'],
  'warnings dismiss': ['robot-tray warnings dismiss --all'],
  sandbox: [
    'robot-tray sandbox                          # the demo robots on a free port',
    'robot-tray sandbox --port 4010 --config robots.json',
  ],
};
