// Package timesheet is the monthly timesheet (espelho de ponto) of an employee: one row a day
// computed from the schedule of that day and the marks in force, the month's totals, the
// hour bank and the month's closing and signature. The rules follow the CLT (docs/timesheet.md
// cites each): tolerance art. 58 §1 and TST Súmula 366; overtime art. 59 and art. 7 XVI of the
// Constitution (50 %), Lei 605/1949 art. 9 (100 % on rest Sundays and holidays); night work
// art. 73 (22:00–05:00, the hour of 52 min 30 s, a premium of at least 20 %); the weekly rest
// lost to an unjustified absence, Lei 605/1949 art. 6; the hour bank art. 59 §2 and §5.
package timesheet

import (
	"strconv"

	"portal/domain"
)

// Bank agreements: off (overtime is paid), an individual written agreement (compensation
// within at most 6 months, CLT art. 59 §5) or a collective one (at most 12, art. 59 §2).
const (
	BankOff        = "off"
	BankIndividual = "individual"
	BankCollective = "collective"
)

// Rule is a tenant's timesheet rule (the settings key KeyRule). Minutes and percents.
type Rule struct {
	MarkTolerance   int    // a mark's variation not counted, at most 5 (art. 58 §1)
	DayTolerance    int    // the day's variations not counted, at most 10
	OvertimeWorkday int    // premium of overtime on a working day, at least 50
	OvertimeRest    int    // premium on a rest Sunday or a holiday, at least 100
	NightPremium    int    // premium of night hours, at least 20
	Bank            string // BankOff, BankIndividual or BankCollective
	BankMonths      int    // the compensation window, 1..6 (individual) or 1..12 (collective)
}

// KeyRule is the settings key of the rule, and its fields' names.
const (
	KeyRule            = "timesheet_rule"
	FieldMarkTolerance = "tolerancia_marcacao"
	FieldDayTolerance  = "tolerancia_dia"
	FieldOvertimeWork  = "he_dia_util"
	FieldOvertimeRest  = "he_descanso"
	FieldNightPremium  = "adicional_noturno"
	FieldBank          = "banco_horas"
	FieldBankMonths    = "banco_horas_meses"
)

// Message keys of the rule's refusals.
const KeyRuleOutOfRange = "regra_ponto_fora_da_lei"

// DefaultRule is the law's own figures, with the hour bank off.
func DefaultRule() Rule {
	return Rule{MarkTolerance: 5, DayTolerance: 10, OvertimeWorkday: 50, OvertimeRest: 100, NightPremium: 20, Bank: BankOff}
}

// RuleOf reads a rule from the key's stored values (field → value; absent fields keep the
// default). The settings command refuses a rule out of the law, so one read back falls to the
// default only if stored some other way.
func RuleOf(values map[string]any) Rule {
	if r := RuleValues(values); r.Check() == nil {
		return r
	}
	return DefaultRule()
}

// RuleValues reads the values as they are, for Check to judge.
func RuleValues(values map[string]any) Rule {
	r := DefaultRule()
	num := func(field string, into *int) {
		switch v := values[field].(type) {
		case float64:
			*into = int(v)
		case int:
			*into = v
		case string:
			if n, err := strconv.Atoi(v); err == nil {
				*into = n
			}
		}
	}
	num(FieldMarkTolerance, &r.MarkTolerance)
	num(FieldDayTolerance, &r.DayTolerance)
	num(FieldOvertimeWork, &r.OvertimeWorkday)
	num(FieldOvertimeRest, &r.OvertimeRest)
	num(FieldNightPremium, &r.NightPremium)
	num(FieldBankMonths, &r.BankMonths)
	if s, ok := values[FieldBank].(string); ok && s != "" {
		r.Bank = s
	}
	return r
}

// Check refuses a rule the law does not allow: a tolerance over art. 58 §1's, a premium under
// the law's minimum, a bank window over its agreement's limit.
func (r Rule) Check() error {
	bad := func(field string) error { return domain.InvalidField(field, KeyRuleOutOfRange) }
	switch {
	case r.MarkTolerance < 0 || r.MarkTolerance > 5:
		return bad(FieldMarkTolerance)
	case r.DayTolerance < 0 || r.DayTolerance > 10:
		return bad(FieldDayTolerance)
	case r.OvertimeWorkday < 50 || r.OvertimeWorkday > 200:
		return bad(FieldOvertimeWork)
	case r.OvertimeRest < 100 || r.OvertimeRest > 300:
		return bad(FieldOvertimeRest)
	case r.NightPremium < 20 || r.NightPremium > 200:
		return bad(FieldNightPremium)
	}
	switch r.Bank {
	case BankOff:
		return nil
	case BankIndividual:
		if r.BankMonths < 1 || r.BankMonths > 6 {
			return bad(FieldBankMonths)
		}
	case BankCollective:
		if r.BankMonths < 1 || r.BankMonths > 12 {
			return bad(FieldBankMonths)
		}
	default:
		return bad(FieldBank)
	}
	return nil
}
