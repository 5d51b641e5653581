/**
 * The help line of `--fields`, apart from the field options themselves: the
 * command tree is built for --help, which loads no schema (cliStartup test).
 */
export const FIELDS_HELP =
  'fill-in fields, asked for at each fire: a JSON list like ' +
  '\'[{"name":"customerId","type":"text","required":true}]\' (or @FILE), used in arguments as {"$field":"customerId"}; ' +
  "'[]' removes them";
