extension IdentityTokenClaims {
    /// These claims with what they lack (the address and whether it is verified, the names) taken
    /// from the provider's userinfo answer for the same subject.
    package func filled(from userinfo: IdentityTokenClaims) -> IdentityTokenClaims {
        var filled = self
        if filled.email == nil {
            filled.email = userinfo.email
            filled.emailVerified = userinfo.emailVerified
        }
        filled.givenName = filled.givenName ?? userinfo.givenName
        filled.familyName = filled.familyName ?? userinfo.familyName
        return filled
    }
}
