//! A value parser the tools' flags share, with a plainer message than clap's ranges give
//! for an unbounded count ("0 is not in 1..18446744073709551615").

use std::str::FromStr;

/// Reads a whole number of at least 1: a count, a depth, a number of threads.
pub fn at_least_one<T: FromStr + From<u8> + PartialOrd>(text: &str) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(n) if n >= T::from(1) => Ok(n),
        Ok(_) => Err("expected at least 1".into()),
        Err(_) => Err("expected a whole number".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_start_at_one() {
        assert_eq!(at_least_one::<u64>("1"), Ok(1));
        assert_eq!(at_least_one::<usize>("40"), Ok(40));
        assert_eq!(at_least_one::<u32>("0"), Err("expected at least 1".into()));
        assert_eq!(
            at_least_one::<u32>("-3"),
            Err("expected a whole number".into())
        );
        assert_eq!(
            at_least_one::<u32>("x"),
            Err("expected a whole number".into())
        );
    }
}
