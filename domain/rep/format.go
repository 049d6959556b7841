package rep

// FormatCNPJ writes a CNPJ's 14 digits as people read them (12.345.678/0001-95); anything
// else is returned as it is.
func FormatCNPJ(s string) string {
	if len(s) != 14 {
		return s
	}
	return s[:2] + "." + s[2:5] + "." + s[5:8] + "/" + s[8:12] + "-" + s[12:]
}

// FormatCPF writes a CPF's 11 digits as people read them (123.456.789-09); anything else is
// returned as it is.
func FormatCPF(s string) string {
	if len(s) != 11 {
		return s
	}
	return s[:3] + "." + s[3:6] + "." + s[6:9] + "-" + s[9:]
}
