//! Counts and shards as the command line and the web page write them.

/// A count (games, turns, samples, checkpoints): a whole number written as
/// `1000000`, `1_000_000`, `1e6`, `2.5e6` or `10^6`.
///
/// # Errors
/// What was expected, for clap to put after the flag's name.
pub fn parse_count(s: &str) -> Result<u64, String> {
    let expected =
        || format!("expected a whole number such as 1000000, 1_000_000, 1e6 or 10^6, not '{s}'");
    let t = s.trim();
    let digits = |d: &str| {
        let plain = d.replace('_', "");
        (!d.is_empty()
            && !d.starts_with('_')
            && !d.ends_with('_')
            && !d.contains("__")
            && plain.bytes().all(|b| b.is_ascii_digit()))
        .then_some(plain)
    };
    if let Some(plain) = digits(t) {
        return plain
            .parse::<u64>()
            .map_err(|_| format!("{s} is more than {}", u64::MAX));
    }
    let too_large = || format!("{s} is more than {}", u64::MAX);
    if let Some((base, exp)) = t.split_once('^') {
        let base: u64 = digits(base)
            .and_then(|b| b.parse().ok())
            .ok_or_else(expected)?;
        let exp: u32 = digits(exp)
            .and_then(|e| e.parse().ok())
            .ok_or_else(expected)?;
        return base.checked_pow(exp).ok_or_else(too_large);
    }
    if let Some((mantissa, exp)) = t.split_once(['e', 'E']) {
        let exp: u32 = digits(exp.trim_start_matches('+'))
            .and_then(|e| e.parse().ok())
            .ok_or_else(expected)?;
        let (whole, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let whole = if whole.is_empty() && !frac.is_empty() {
            "0".to_string()
        } else {
            digits(whole).ok_or_else(expected)?
        };
        let frac = if frac.is_empty() {
            String::new()
        } else {
            digits(frac).ok_or_else(expected)?
        };
        // mantissa digits times 10^(exp - fraction digits), exactly.
        let shift = exp.checked_sub(frac.len() as u32);
        let all = format!("{whole}{frac}");
        let value: u128 = all.parse().map_err(|_| too_large())?;
        let value = match shift {
            Some(k) => 10u128.checked_pow(k).and_then(|p| value.checked_mul(p)),
            None => {
                let p = 10u128.pow(frac.len() as u32 - exp);
                if !value.is_multiple_of(p) {
                    return Err(format!("{s} is not a whole number"));
                }
                Some(value / p)
            }
        };
        return value
            .and_then(|v| u64::try_from(v).ok())
            .ok_or_else(too_large);
    }
    Err(expected())
}

/// [`parse_count`] for counts that fit in 32 bits.
///
/// # Errors
/// As [`parse_count`], and a count past 4294967295.
pub fn parse_count_u32(s: &str) -> Result<u32, String> {
    let n = parse_count(s)?;
    u32::try_from(n).map_err(|_| format!("{s} is more than {}", u32::MAX))
}

/// `--shard K/N`, N at most [`crate::shard::MAX_SHARDS`] (65,536) for
/// every verb: past that a shard is mostly overhead, and a count near 2^64
/// once overflowed the engines' lists.
pub fn parse_shard(s: &str) -> Result<dice::parallel::Shard, String> {
    let shard: dice::parallel::Shard = s.parse()?;
    let most = crate::shard::MAX_SHARDS;
    if shard.count > most {
        return Err(format!(
            "{s}: N must be at most {most} (a run is cut into at most {most} shards)"
        ));
    }
    Ok(shard)
}
