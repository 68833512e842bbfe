/** Made at build time by scripts/zone-countries.ts: time zone name → ISO 3166 country code. */
declare module 'virtual:zone-countries' {
  const table: Readonly<Record<string, string>>
  export default table
}
