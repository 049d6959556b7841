package seed

// Word lists for the generated employees. Names are common Brazilian first names and
// surnames; the generator picks from them with a fixed random seed.

var firstNamesF = []string{
	"Ana", "Maria", "Juliana", "Fernanda", "Patrícia", "Aline", "Camila", "Amanda", "Bruna",
	"Letícia", "Mariana", "Gabriela", "Larissa", "Vanessa", "Beatriz", "Luana", "Tatiane",
	"Renata", "Débora", "Priscila", "Isabela", "Natália", "Raquel", "Cláudia", "Sandra",
	"Simone", "Luciana", "Adriana", "Daniela", "Carolina", "Bianca", "Lívia", "Sabrina",
	"Jéssica", "Rafaela", "Viviane", "Elaine", "Márcia", "Rosana", "Tânia",
}

var firstNamesM = []string{
	"João", "José", "Antônio", "Francisco", "Carlos", "Paulo", "Pedro", "Lucas", "Luiz",
	"Marcos", "Gabriel", "Rafael", "Daniel", "Marcelo", "Bruno", "Eduardo", "Felipe",
	"Rodrigo", "Gustavo", "Guilherme", "Fábio", "Leandro", "Thiago", "André", "Ricardo",
	"Diego", "Vinícius", "Leonardo", "Matheus", "Fernando", "Sérgio", "Roberto", "Júlio",
	"Renato", "Alexandre", "Henrique", "Otávio", "Caio", "Igor", "Murilo",
}

var surnames = []string{
	"Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira",
	"Lima", "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares",
	"Fernandes", "Vieira", "Barbosa", "Rocha", "Dias", "Nascimento", "Andrade", "Moreira",
	"Nunes", "Marques", "Machado", "Mendes", "Freitas", "Cardoso", "Ramos", "Gonçalves",
	"Santana", "Teixeira", "Araújo", "Pinto", "Correia", "Cavalcanti", "Monteiro", "Moura",
	"Campos", "Batista", "Azevedo", "Castro", "Reis", "Barros", "Farias", "Brito", "Pires",
}

// unaccent maps the accented letters of the lists above to ASCII, for user names and
// e-mail addresses.
var unaccent = map[rune]rune{
	'á': 'a', 'à': 'a', 'â': 'a', 'ã': 'a', 'é': 'e', 'ê': 'e', 'í': 'i', 'ó': 'o', 'ô': 'o',
	'õ': 'o', 'ú': 'u', 'ü': 'u', 'ç': 'c',
	'Á': 'a', 'É': 'e', 'Í': 'i', 'Ó': 'o', 'Ú': 'u', 'Ç': 'c',
}
